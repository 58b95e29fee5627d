import { invalidGameSessionMessage, OTHER_MESSAGES } from "../../shared/error-catalogue.ts";
import { fail, type Result } from "../../shared/result.ts";
import type { SessionDetailWire } from "../session-detail-wire.ts";
import { type GameType, gameTypeName, isGameType } from "../../shared/games/game-type.ts";
import { type ChitchatRow, mapChitchatAiSession } from "./chitchat-ai.ts";
import { mapMedicationManagementSession, type MedicationRow } from "./medication-management.ts";
import { mapMemoryGridSession, type MemoryGridRow } from "./memory-grid.ts";
import { mapNamingSession, type NamingRow } from "./naming.ts";
import { mapParrotSession, type ParrotRow } from "./parrot.ts";
import { mapPillSortingSession, type PillSortingRow } from "./pill-sorting.ts";
import type { SessionView } from "./session-view.ts";
import { mapSocialSituationsSession, type SocialSituationRow } from "./social-situations.ts";
import { mapVerbalFluencySession, type VerbalFluencyRow } from "./verbal-fluency.ts";

export type AttemptRow =
  | NamingRow
  | MemoryGridRow
  | MedicationRow
  | SocialSituationRow
  | VerbalFluencyRow
  | PillSortingRow
  | ChitchatRow
  | ParrotRow;

const mapperFor = (gameType: GameType): ((detail: SessionDetailWire) => Result<SessionView<AttemptRow>>) => {
  switch (gameType) {
    case "naming":
      return mapNamingSession;
    case "memory_grid":
      return mapMemoryGridSession;
    case "medication_management":
      return mapMedicationManagementSession;
    case "social_situations":
      return mapSocialSituationsSession;
    case "verbal_fluency":
      return mapVerbalFluencySession;
    case "pill_sorting":
      return mapPillSortingSession;
    case "chitchat_ai":
      return mapChitchatAiSession;
    case "parrot":
      return mapParrotSession;
  }
};

/** A session is read with its own game's rules; a game type the portal does not know reads 'Unsupported game type'. */
export const mapSessionDetail = (detail: SessionDetailWire): Result<SessionView<AttemptRow>> => {
  const type = detail.game_info.type;
  return isGameType(type) ? mapperFor(type)(detail) : fail("ERROR_001", OTHER_MESSAGES.unsupportedGameType);
};

/** A session opened from one game's page must be that game's session, otherwise it reads 'Invalid <Game> session'. */
export const mapSessionDetailAs = (expected: string, detail: SessionDetailWire): Result<SessionView<AttemptRow>> => {
  if (!isGameType(expected)) return fail("ERROR_001", OTHER_MESSAGES.unsupportedGameType);
  return detail.game_info.type === expected
    ? mapperFor(expected)(detail)
    : fail("ERROR_001", invalidGameSessionMessage(gameTypeName(expected)));
};
