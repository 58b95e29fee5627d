import { asc, eq } from "drizzle-orm";
import type { Institution, RtmSupplyKind } from "../../../domain/institutions/institutions-wire.ts";
import type { GameId, InstitutionId } from "../../../domain/shared/ids.ts";
import type { Database } from "../../db/database.ts";
import { institutionGames } from "../../db/schema/games.ts";
import { institutionAllowedDomains, institutions } from "../../db/schema/institutions.ts";

/** One institution as GET institutions/{id} answers it: its domains in order, the games it offers, its billing settings, its version. */
export const loadInstitution = async (db: Database, institutionId: number): Promise<Institution | undefined> => {
  const [row] = await db
    .select({
      id: institutions.id,
      name: institutions.name,
      description: institutions.description,
      timeZone: institutions.timeZone,
      rtmSupplyKind: institutions.rtmSupplyKind,
      version: institutions.version,
    })
    .from(institutions)
    .where(eq(institutions.id, institutionId))
    .limit(1);
  if (row === undefined) return undefined;
  const [domains, offered] = await Promise.all([
    db
      .select({ domain: institutionAllowedDomains.domain })
      .from(institutionAllowedDomains)
      .where(eq(institutionAllowedDomains.institutionId, institutionId))
      .orderBy(asc(institutionAllowedDomains.domain)),
    db.select({ gameId: institutionGames.gameId }).from(institutionGames).where(eq(institutionGames.institutionId, institutionId)).orderBy(asc(institutionGames.gameId)),
  ]);
  return {
    id: row.id as InstitutionId,
    name: row.name,
    allowed_domains: domains.map((entry) => entry.domain),
    description: row.description,
    games: offered.map((entry) => entry.gameId as GameId),
    time_zone: row.timeZone,
    // The column's CHECK holds it to SUPPLY_KINDS (migration 0020).
    rtm_supply_kind: row.rtmSupplyKind as RtmSupplyKind,
    version: row.version,
  };
};
