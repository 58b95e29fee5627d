/**
 * The words of the permission model (spec section 6): resources, the actions the server grants,
 * and the client actions they map to.
 */
export const RESOURCE = {
  administrator: "administrator",
  dashboard: "dashboard",
  game: "game",
  institution: "institution",
  patient: "patient",
  resources: "resources",
  settings: "settings",
  staff: "staff",
  gameAttempt: "game_attempt",
  rtm: "rtm",
  slpChat: "slp_chat",
  slpNotes: "slp_notes",
  goals: "goals",
  auditLog: "audit_log",
} as const;
export type Resource = (typeof RESOURCE)[keyof typeof RESOURCE];
export const RESOURCES: readonly Resource[] = Object.values(RESOURCE);

/** Server action -> client action, exactly the map of spec section 6. */
export const SERVER_TO_CLIENT_ACTION = {
  activate: "restore",
  archive: "archive",
  assign_game: "assignGame",
  clear_content: "clearContentExercise",
  create: "create",
  dashboard: "dashboard",
  delete: "delete",
  duplicate: "duplicate",
  inactivate: "deactivate",
  list: "list",
  list_level: "listLevel",
  list_configurations: "listGameConfiguration",
  partial_update: "partial",
  pause: "archive",
  resume: "resume",
  retrieve: "retrieve",
  update: "update",
  assign_games: "assignGames",
} as const;
export type ServerAction = keyof typeof SERVER_TO_CLIENT_ACTION;
export const SERVER_ACTIONS = Object.keys(SERVER_TO_CLIENT_ACTION) as readonly ServerAction[];
/** Client actions, plus `manage`, which every user holds on dashboard and settings. */
export type ClientAction = (typeof SERVER_TO_CLIENT_ACTION)[ServerAction] | "manage";

/** The permissions map as it travels on the user record: resource -> server actions. */
export type ServerPermissions = Readonly<Partial<Record<Resource, readonly ServerAction[]>>>;
/** The same map after translation for the client: resource -> client actions. */
export type ClientPermissions = Readonly<Partial<Record<Resource, readonly ClientAction[]>>>;
