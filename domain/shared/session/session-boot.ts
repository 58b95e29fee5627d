// The names the session's early start shares between the server, which writes the boot script
// (server/http/session-boot-script.ts), and the app, which takes what it started
// (adapters/shared/session/session-boot.ts): written once here, so the two cannot drift apart.

/** The one sessionStorage key of the auth session: JSON `{ "refresh_token": string, "user_id": number }`. */
export const SESSION_STORAGE_KEY = "portal.auth.session";

/** Where the boot script is served; a file, so the strict CSP (`script-src 'self'`) lets it run. */
export const SESSION_BOOT_PATH = "/session-boot.js";

/** The window property the boot script leaves its started calls in, until the app takes them. */
export const SESSION_BOOT_GLOBAL = "portalSessionBoot";

/**
 * The block of the built index.html that names each signed-in route's files (written by the
 * build, scripts/route-preload.mjs); the boot script asks for the arrival route's at once.
 */
export const ROUTE_PRELOAD_ELEMENT_ID = "portal-route-preload";
