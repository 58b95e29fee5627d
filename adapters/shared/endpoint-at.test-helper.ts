import * as Schema from "effect/Schema";
import type { HttpMethod, WireSchema } from "../../domain/shared/wire/endpoint.ts";

type ApiPath = `/api/${string}`;

/** Any JSON body: the client's own tests send what they like. */
export const AnyBody = Schema.Unknown;

const apiPath = (path: string): ApiPath => {
  if (!path.startsWith("/api/")) throw new Error(`${path} is not under /api/`);
  return path as ApiPath;
};

/**
 * An endpoint at any path, for tests of the client's own behaviour (headers, the 401 rules,
 * decoding, aborts) rather than of one call of the API: the client calls nothing but endpoints.
 */
export const endpointAt = <const Parts extends { readonly answer?: WireSchema; readonly body?: WireSchema; readonly query?: WireSchema } = {}>(
  method: HttpMethod,
  path: string,
  parts?: Parts,
) => ({ method, path: apiPath(path), ...(parts ?? ({} as Parts)) });
