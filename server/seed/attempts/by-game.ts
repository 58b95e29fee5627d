import type { GameType } from "../../../domain/shared/games/game-type.ts";
import type { AttemptPlanner } from "./attempt-plan.ts";
import { planChitchat } from "./chitchat-ai.ts";
import { planMedication } from "./medication.ts";
import { planMemoryGrid } from "./memory-grid.ts";
import { planNaming } from "./naming.ts";
import { planParrot } from "./parrot.ts";
import { planPillSorting } from "./pill-sorting.ts";
import { planSocialSituation } from "./social-situations.ts";
import { planVerbalFluency } from "./verbal-fluency.ts";

/** The attempt planner of each game type; shapes follow docs/attempt-mapping.md. */
export const ATTEMPT_PLANNERS: Readonly<Record<GameType, AttemptPlanner>> = {
  medication_management: planMedication,
  memory_grid: planMemoryGrid,
  naming: planNaming,
  social_situations: planSocialSituation,
  verbal_fluency: planVerbalFluency,
  pill_sorting: planPillSorting,
  chitchat_ai: planChitchat,
  parrot: planParrot,
};
