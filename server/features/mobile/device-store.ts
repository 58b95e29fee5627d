import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Device } from "../../../domain/mobile/device-wire.ts";
import type { Database } from "../../db/database.ts";
import { preparedOnce } from "../../db/prepared.ts";
import { patientDevices } from "../../db/schema/devices.ts";
import { patients } from "../../db/schema/patients.ts";
import { deviceTokenHash, newDeviceToken } from "./device-token.ts";

/** A device row as the record lists it (Device of domain/mobile/device-wire.ts); never the token. */
export type DeviceJson = typeof Device.Encoded;

const deviceColumns = {
  id: patientDevices.id,
  label: patientDevices.label,
  createdAt: patientDevices.createdAt,
  lastUsedAt: patientDevices.lastUsedAt,
  revokedAt: patientDevices.revokedAt,
};

type DeviceRow = { id: number; label: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null };

export const deviceJson = (row: DeviceRow): DeviceJson => ({
  id: row.id,
  label: row.label,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  revoked_at: row.revokedAt?.toISOString() ?? null,
});

/** A new device of the patient with a fresh token; the token is returned this once, only its hash is written. */
export const issueDevice = async (
  tx: Database,
  issue: { readonly patientId: number; readonly label: string; readonly byUserId: number; readonly now: Date },
): Promise<{ readonly device: DeviceJson; readonly token: string }> => {
  const token = newDeviceToken();
  const [row] = await tx
    .insert(patientDevices)
    .values({ patientId: issue.patientId, label: issue.label, tokenHash: deviceTokenHash(token), createdByUserId: issue.byUserId, createdAt: issue.now })
    .returning(deviceColumns);
  if (row === undefined) throw new Error("device insert returned no row");
  return { device: deviceJson(row), token };
};

/** The patient's devices, newest first, revoked ones included. */
export const listDevices = async (db: Database, patientId: number): Promise<DeviceJson[]> => {
  const rows = await db.select(deviceColumns).from(patientDevices).where(eq(patientDevices.patientId, patientId)).orderBy(desc(patientDevices.createdAt), desc(patientDevices.id));
  return rows.map(deviceJson);
};

/**
 * Revokes one device of the patient: "revoked" now, "already" when it was revoked before (the
 * first revocation's time and author stay), undefined when the patient has no such device.
 */
export const revokeDevice = async (
  tx: Database,
  revoke: { readonly patientId: number; readonly deviceId: number; readonly byUserId: number; readonly now: Date },
): Promise<"revoked" | "already" | undefined> => {
  const theDevice = and(eq(patientDevices.id, revoke.deviceId), eq(patientDevices.patientId, revoke.patientId));
  const [row] = await tx
    .update(patientDevices)
    .set({ revokedAt: revoke.now, revokedByUserId: revoke.byUserId })
    .where(and(theDevice, isNull(patientDevices.revokedAt)))
    .returning({ id: patientDevices.id });
  if (row !== undefined) return "revoked";
  const [known] = await tx.select({ id: patientDevices.id }).from(patientDevices).where(theDevice).limit(1);
  return known === undefined ? undefined : "already";
};

/** The device a token belongs to, while it may send sessions: not revoked, its patient not archived. */
export type AuthenticDevice = {
  readonly deviceId: number;
  readonly patientId: number;
  readonly institutionId: number;
  readonly patientStatus: string;
  readonly lastUsedAt: Date | null;
};

/**
 * The working device a token's hash names (not revoked, its patient not archived), at most one:
 * the select of both lookups, this one and the upload's that also counts it (device-lookup-counted.ts).
 */
export const selectDeviceByTokenHash = (db: Database) =>
  db
    .select({
      deviceId: patientDevices.id,
      patientId: patientDevices.patientId,
      institutionId: patients.institutionId,
      patientStatus: patients.status,
      lastUsedAt: patientDevices.lastUsedAt,
    })
    .from(patientDevices)
    .innerJoin(patients, eq(patients.id, patientDevices.patientId))
    .where(and(eq(patientDevices.tokenHash, sql.placeholder("tokenHash")), isNull(patientDevices.revokedAt), isNull(patients.archivedAt)))
    .limit(1);

// Every device call looks its token up: built once and named, so PostgreSQL plans it once per
// connection (server/db/prepared.ts).
const deviceByTokenHash = preparedOnce((db) => selectDeviceByTokenHash(db).prepare("device_by_token_hash"));

/** Looks a token up by its hash: one indexed read. Undefined for an unknown or revoked token or an archived patient. */
export const findDeviceByToken = async (db: Database, token: string): Promise<AuthenticDevice | undefined> => {
  const [row] = await deviceByTokenHash(db).execute({ tokenHash: deviceTokenHash(token) });
  return row;
};

/** How stale last_used_at may get before a request writes it again: a write per upload would tell nothing more. */
export const LAST_USED_RESOLUTION_MS = 60_000;

/** Stamps the device's last use, at most once a minute. */
export const touchDevice = async (db: Database, device: AuthenticDevice, now: Date): Promise<void> => {
  if (device.lastUsedAt !== null && now.getTime() - device.lastUsedAt.getTime() < LAST_USED_RESOLUTION_MS) return;
  await db.update(patientDevices).set({ lastUsedAt: now }).where(eq(patientDevices.id, device.deviceId));
};
