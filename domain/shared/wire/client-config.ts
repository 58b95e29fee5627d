import * as Schema from "effect/Schema";

/**
 * The id of the `<script type="application/json">` block the server writes into every index.html
 * it serves. JSON in a non-executed script element passes the strict CSP (`script-src 'self'`).
 */
export const CLIENT_CONFIG_ELEMENT_ID = "portal-config";

/**
 * What the browser app learns from the server at run time instead of at build time, so one build
 * serves any deployment. The API key is public by nature: every browser holds it.
 */
export const ClientConfigWire = Schema.Struct({
  apiKey: Schema.String.check(Schema.isMinLength(1)),
});
export type ClientConfig = typeof ClientConfigWire.Type;
