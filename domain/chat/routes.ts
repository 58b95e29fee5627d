import { APP_ROUTE } from "../shared/navigation/app-route.ts";
import { type RouteDeclaration, routeRule } from "../shared/navigation/route-declaration.ts";

/** The SLP chat. */
export const CHAT_ROUTES: readonly RouteDeclaration[] = [
  {
    id: APP_ROUTE.slpChat,
    path: "/slp-chat",
    layout: "main",
    title: "SLP Chat",
    rule: routeRule("slp_chat", "list"),
    area: "slp-chat",
    crumb: { label: "SLP Chat" },
    sidebar: { key: "slp-chat", label: "SLP Chat", order: 8, resource: "slp_chat", anyOf: ["list"], superAdmin: false },
  },
];
