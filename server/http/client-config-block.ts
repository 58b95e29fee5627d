import { CLIENT_CONFIG_ELEMENT_ID, type ClientConfig } from "../../domain/shared/wire/client-config.ts";
import { sessionBootTag } from "./session-boot-script.ts";

/**
 * The configuration block as HTML. `<` is written as `\u003c`, so no value can close the element
 * (`</script>`) or open a comment; JSON.parse reads it back unchanged.
 */
export const clientConfigBlock = (config: ClientConfig): string =>
  `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">${JSON.stringify(config).replaceAll("<", "\\u003c")}</script>`;

/**
 * Writes the configuration block into a built index.html, just before `</head>` (the app's module
 * script runs after the whole document is parsed, so the block is there when it starts), and names
 * the session's boot script first thing in the head: deferred scripts and the app's module (which
 * the build puts in the head) run in document order, so the boot script must come before it to
 * send the refresh while the app's code downloads (session-boot-script.ts). Being deferred, it too
 * runs after the whole document, the block included, is parsed.
 * Throws when the page has no `<head>`/`</head>` or already carries a block: a shell without its
 * configuration would only fail later, in every browser.
 */
export const withClientConfig = (html: string, config: ClientConfig): string => {
  if (html.includes(`id="${CLIENT_CONFIG_ELEMENT_ID}"`)) {
    throw new Error(`index.html already holds a #${CLIENT_CONFIG_ELEMENT_ID} block: the server writes it at run time, a build must not`);
  }
  const headStart = /<head(\s[^>]*)?>/.exec(html);
  const headEnd = html.indexOf("</head>");
  if (headStart === null || headEnd === -1) throw new Error("index.html has no <head>…</head> to write the client configuration into");
  const afterHeadStart = headStart.index + headStart[0].length;
  return `${html.slice(0, afterHeadStart)}\n    ${sessionBootTag}${html.slice(afterHeadStart, headEnd)}${clientConfigBlock(config)}\n  ${html.slice(headEnd)}`;
};
