import { describe, expect, it } from "vitest";
import { isLoopbackAddress, isLoopbackHost } from "./loopback.ts";

describe("loopback addresses", () => {
  it.each(["127.0.0.1", "127.1.2.3", "::1", "[::1]", "::ffff:127.0.0.1", "0:0:0:0:0:0:0:1"])("%s is this machine", (address) => {
    expect(isLoopbackAddress(address)).toBe(true);
  });
  it.each(["0.0.0.0", "::", "10.0.0.1", "192.168.1.20", "::ffff:10.0.0.1", "128.0.0.1", "127.0.0.300", "fe80::1", "", undefined])("%s is not", (address) => {
    expect(isLoopbackAddress(address)).toBe(false);
  });
  it("takes localhost as a loopback HOST, never a wildcard or a name", () => {
    expect(isLoopbackHost("localhost")).toBe(true);
    expect(isLoopbackHost("LOCALHOST")).toBe(true);
    expect(isLoopbackHost("0.0.0.0")).toBe(false);
    expect(isLoopbackHost("portal.example.test")).toBe(false);
  });
});
