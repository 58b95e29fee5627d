import * as Schema from "effect/Schema";
import * as SchemaTransformation from "effect/SchemaTransformation";
import { isIP } from "node:net";

// TRUST_PROXY: "true", "false", or proxy addresses/CIDRs (proxy-addr's names loopback, linklocal
// and uniquelocal too). A hop count is refused: Fastify 5 cannot check the peer with one and
// trusts nobody, which would silently keep every client in one bucket.
const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const isProxyAddress = (entry: string): boolean => {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^[0-9]{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
};
export const TrustProxy = Schema.String.check(
  Schema.makeFilter(
    (text: string) => text === "true" || text === "false" || text.split(",").every((entry) => isProxyAddress(entry.trim())),
    { message: "TRUST_PROXY must be true, false, or a comma-separated list of proxy addresses or CIDRs (a hop count is not accepted)" },
  ),
).pipe(
  Schema.decodeTo(
    Schema.Union([Schema.Boolean, Schema.Array(Schema.String)]),
    SchemaTransformation.transform({
      decode: (text: string): boolean | readonly string[] =>
        text === "true" ? true : text === "false" ? false : text.split(",").map((entry) => entry.trim()),
      encode: (value: boolean | readonly string[]) => (typeof value === "boolean" ? String(value) : value.join(",")),
    }),
  ),
);
