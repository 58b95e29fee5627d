import * as Result from "effect/Result";
import * as Schema from "effect/Schema";
import { CLIENT_CONFIG_ELEMENT_ID, ClientConfigWire, type ClientConfig } from "../../domain/shared/wire/client-config.ts";

/** The configuration the server wrote into the page, or why the app cannot start without it. */
export type ClientConfigReading =
  | { readonly ok: true; readonly config: ClientConfig }
  | { readonly ok: false; readonly problem: string };

const SERVED_BY_PORTAL = "the page must be served by the portal's server, which writes it into index.html at run time";

/**
 * Decodes the text of the page's `#portal-config` block (ui/main.tsx passes it in): a missing,
 * non-JSON or incomplete block is a deployment problem to say plainly before any API call,
 * rather than a 401 on every call later.
 */
export const readClientConfig = (text: string | null | undefined): ClientConfigReading => {
  if (text === null || text === undefined || text.trim() === "") {
    return { ok: false, problem: `The page has no #${CLIENT_CONFIG_ELEMENT_ID} configuration block: ${SERVED_BY_PORTAL}.` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problem: `The page's #${CLIENT_CONFIG_ELEMENT_ID} configuration block is not valid JSON.` };
  }
  const decoded = Schema.decodeUnknownResult(ClientConfigWire)(json);
  if (Result.isFailure(decoded)) {
    return { ok: false, problem: `The page's #${CLIENT_CONFIG_ELEMENT_ID} configuration block is incomplete or malformed: ${decoded.failure.message}` };
  }
  return { ok: true, config: decoded.success };
};
