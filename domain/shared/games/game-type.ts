/** The eight exercise types a patient can play, as the server names them. */
export const GAME_TYPE = {
  medicationManagement: "medication_management",
  memoryGrid: "memory_grid",
  naming: "naming",
  socialSituations: "social_situations",
  verbalFluency: "verbal_fluency",
  pillSorting: "pill_sorting",
  chitchatAi: "chitchat_ai",
  parrot: "parrot",
} as const;
export type GameType = (typeof GAME_TYPE)[keyof typeof GAME_TYPE];
export const GAME_TYPES: readonly GameType[] = Object.values(GAME_TYPE);

export const GAME_TYPE_NAMES: Readonly<Record<GameType, string>> = {
  medication_management: "Medication management",
  memory_grid: "Memory grid",
  naming: "Naming",
  social_situations: "Social situations",
  verbal_fluency: "Verbal fluency",
  pill_sorting: "Pill sorting",
  chitchat_ai: "AI chit-chat",
  parrot: "Parrot",
};

/** Only the eight known exercise types can be reviewed; any other name is unsupported. */
export const isGameType = (value: unknown): value is GameType => GAME_TYPES.some((type) => type === value);

/** The name clinicians know an exercise type by. */
export const gameTypeName = (type: GameType): string => GAME_TYPE_NAMES[type];
