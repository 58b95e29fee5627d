// The mobile feature's server side (docs/mobile-api.md): device tokens and the app's session upload.
export { registerMobileRoutes } from "./register-mobile-routes.ts";
// The chat's patient side runs under the same device check (server/features/chat/device-chat-routes.ts).
export { withDeviceRoutes } from "./device-auth.ts";
