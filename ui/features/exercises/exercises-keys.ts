// Apart from the hooks, so other features can refresh these entries without loading the pages.
/** Cache keys of the exercises feature; everything sits under "exercises" so a write refreshes it together. */
export const exercisesKeys = {
  all: ["exercises"] as const,
  catalogue: ["exercises", "catalogue"] as const,
  institutionGames: (institutionId: number) => ["exercises", "institution", institutionId, "games"] as const,
  templates: (institutionId: number | null) => ["exercises", "templates", institutionId] as const,
};
