import type { FastifyRequest } from "fastify";

const SCHEME_AND_VALUE = /^([A-Za-z]+) +([\x21-\x7e]+)$/;

/**
 * The credential of `Authorization: <scheme> <value>` when the scheme matches (without regard to
 * case, as HTTP says), otherwise undefined. `Token` is the pre-authentication scheme, `Bearer`
 * the full session's, `Basic` the password sign-in's.
 */
export const credentialFor = (request: FastifyRequest, scheme: "Basic" | "Token" | "Bearer"): string | undefined => {
  const header = request.headers.authorization;
  if (typeof header !== "string" || header.length > 8192) return undefined;
  const match = SCHEME_AND_VALUE.exec(header.trim());
  if (match === null || match[1]?.toLowerCase() !== scheme.toLowerCase()) return undefined;
  return match[2];
};

export type BasicCredentials = { readonly email: string; readonly password: string };

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * Email and password from a Basic header (UTF-8, split at the first colon, so a password may
 * hold colons). Anything malformed is undefined and answers like a wrong password.
 */
export const basicCredentials = (request: FastifyRequest): BasicCredentials | undefined => {
  const encoded = credentialFor(request, "Basic");
  if (encoded === undefined || !BASE64.test(encoded) || encoded.length % 4 !== 0) return undefined;
  let decoded: string;
  try {
    decoded = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(encoded, "base64"));
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(":");
  if (colon <= 0) return undefined;
  return { email: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
};
