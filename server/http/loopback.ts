import { isIP } from "node:net";

// 127.0.0.0/8 and ::1, and IPv4 loopback written as an IPv4-mapped IPv6 address (how a
// dual-stack socket reports a 127.x peer).
const LOOPBACK_V4 = /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i;

/** Whether an address (a socket's peer, or a listening address) is on this machine only. */
export const isLoopbackAddress = (address: string | undefined): boolean => {
  if (address === undefined) return false;
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  if (bare === "::1" || bare === "0:0:0:0:0:0:0:1") return true;
  return isIP(bare.replace(/^::ffff:/i, "")) === 4 && LOOPBACK_V4.test(bare);
};

/** Whether a HOST setting listens on this machine only: `localhost` or a loopback address (never 0.0.0.0 or ::). */
export const isLoopbackHost = (host: string): boolean => host.toLowerCase() === "localhost" || isLoopbackAddress(host);
