import { CLIENT_CONFIG_ELEMENT_ID, type ClientConfig } from "../../domain/shared/wire/client-config.ts";

/**
 * The configuration block as HTML. `<` is written as `\u003c`, so no value can close the element
 * (`</script>`) or open a comment; JSON.parse reads it back unchanged.
 */
export const clientConfigBlock = (config: ClientConfig): string =>
  `<script type="application/json" id="${CLIENT_CONFIG_ELEMENT_ID}">${JSON.stringify(config).replaceAll("<", "\\u003c")}</script>`;

/**
 * Writes the configuration block into a built index.html, just before `</head>` (the app's module
 * script runs after the whole document is parsed, so the block is there when it starts).
 * Throws when the page has no `</head>` or already carries a block: a shell without its
 * configuration would only fail later, in every browser.
 */
export const withClientConfig = (html: string, config: ClientConfig): string => {
  if (html.includes(`id="${CLIENT_CONFIG_ELEMENT_ID}"`)) {
    throw new Error(`index.html already holds a #${CLIENT_CONFIG_ELEMENT_ID} block: the server writes it at run time, a build must not`);
  }
  const headEnd = html.indexOf("</head>");
  if (headEnd === -1) throw new Error("index.html has no </head> to write the client configuration before");
  return `${html.slice(0, headEnd)}${clientConfigBlock(config)}\n  ${html.slice(headEnd)}`;
};
