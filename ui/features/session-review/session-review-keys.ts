// Apart from the hooks, so the route's breadcrumb reads a game or session name without loading the pages.
/**
 * Cache keys of the session-review feature. Everything about one exercise level sits under
 * ["session-review", "level", levelId] so a correction or a review mark refreshes its statistics,
 * lists and chart together.
 */
export const sessionReviewKeys = {
  all: ["session-review"] as const,
  level: (levelId: number) => ["session-review", "level", levelId] as const,
  statistics: (levelId: number) => ["session-review", "level", levelId, "statistics"] as const,
  sessions: (levelId: number, page: number, pageSize: number) => ["session-review", "level", levelId, "sessions", page, pageSize] as const,
  detail: (sessionId: number) => ["session-review", "session", sessionId] as const,
  noteTypes: ["session-review", "note-types"] as const,
};
