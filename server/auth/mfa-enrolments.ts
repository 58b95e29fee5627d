import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { MfaMethod } from "../../domain/shared/wire/mfa-method.ts";
import type { Database } from "../db/database.ts";
import { mfaEnrolments } from "../db/schema/credentials.ts";
import type { AuthKeys } from "./auth-keys.ts";
import { SealedSecretError, isSealed, openSecret, sealSecret } from "./secret-box.ts";

export type Enrolment = {
  readonly id: number;
  readonly method: MfaMethod;
  /** The authenticator secret, opened: the column only ever holds its AES-GCM envelope. */
  readonly totpSecret: string | null;
  readonly phone: string | null;
  readonly confirmedAt: Date | null;
  readonly lastUsedStep: number | null;
};

const columns = {
  id: mfaEnrolments.id,
  method: mfaEnrolments.method,
  totpSecret: mfaEnrolments.totpSecret,
  phone: mfaEnrolments.phone,
  confirmedAt: mfaEnrolments.confirmedAt,
  lastUsedStep: mfaEnrolments.lastUsedStep,
};

// The envelope is bound to its owner, so a sealed secret copied onto another person's row does not open.
const secretContext = (userId: number): string => `mfa_enrolments.totp_secret/user:${userId}`;

// A legacy row written before secrets were sealed holds the base32 secret itself.
const LEGACY_CLEAR_SECRET = /^[A-Z2-7]+=*$/;

type StoredSecret = { readonly plaintext: string; readonly needsSealing: boolean };

/** Opens a stored authenticator secret: an envelope under the current or previous key, or a legacy clear one. */
const openStoredSecret = (keys: AuthKeys, userId: number, stored: string): StoredSecret => {
  if (!isSealed(stored)) {
    if (!LEGACY_CLEAR_SECRET.test(stored)) throw new SealedSecretError(`the authenticator secret of user ${userId} is neither sealed nor a base32 secret`);
    return { plaintext: stored, needsSealing: true };
  }
  const opened = openSecret(keys.totpSecrets, stored, secretContext(userId));
  return { plaintext: opened.plaintext, needsSealing: opened.stale };
};

/** Replaces a stored value with its envelope under the current key, unless another writer changed it first. */
const resealStoredSecret = async (db: Database, keys: AuthKeys, row: { readonly id: number; readonly userId: number; readonly stored: string }, plaintext: string): Promise<boolean> => {
  const updated = await db
    .update(mfaEnrolments)
    .set({ totpSecret: sealSecret(keys.totpSecrets, plaintext, secretContext(row.userId)) })
    .where(and(eq(mfaEnrolments.id, row.id), eq(mfaEnrolments.totpSecret, row.stored)))
    .returning({ id: mfaEnrolments.id });
  return updated.length === 1;
};

/**
 * A person's enrolment of one method, confirmed or in progress, with its authenticator secret
 * opened. A secret still in clear or under the previous key is sealed again under the current
 * key on the way (re-encryption on use).
 */
export const findEnrolment = async (db: Database, keys: AuthKeys, userId: number, method: MfaMethod): Promise<Enrolment | undefined> => {
  const [row] = await db
    .select(columns)
    .from(mfaEnrolments)
    .where(and(eq(mfaEnrolments.userId, userId), eq(mfaEnrolments.method, method)))
    .limit(1);
  if (row === undefined || row.totpSecret === null) return row;
  const opened = openStoredSecret(keys, userId, row.totpSecret);
  if (opened.needsSealing) await resealStoredSecret(db, keys, { id: row.id, userId, stored: row.totpSecret }, opened.plaintext);
  return { ...row, totpSecret: opened.plaintext };
};

export type ResealReport = { readonly checked: number; readonly resealed: number };

/**
 * Seals every stored authenticator secret under the current key: legacy clear rows and rows
 * under MFA_SECRET_KEY_PREVIOUS. Runs at every start and as `npm run mfa:reencrypt`; throws
 * (refusing to start) when a row opens with neither configured key.
 */
export const resealTotpSecrets = async (db: Database, keys: AuthKeys): Promise<ResealReport> => {
  const rows = await db
    .select({ id: mfaEnrolments.id, userId: mfaEnrolments.userId, stored: mfaEnrolments.totpSecret })
    .from(mfaEnrolments)
    .where(isNotNull(mfaEnrolments.totpSecret));
  let resealed = 0;
  for (const row of rows) {
    if (row.stored === null) continue;
    const opened = openStoredSecret(keys, row.userId, row.stored);
    if (opened.needsSealing && (await resealStoredSecret(db, keys, { ...row, stored: row.stored }, opened.plaintext))) resealed += 1;
  }
  return { checked: rows.length, resealed };
};

/**
 * Starts (or restarts) setting up a method: a new authenticator secret (stored sealed) or SMS
 * phone replaces one that was never confirmed. A confirmed enrolment is never touched here.
 */
export const startEnrolment = async (
  db: Database,
  keys: AuthKeys,
  enrolment: { readonly userId: number; readonly method: MfaMethod; readonly totpSecret?: string; readonly phone?: string; readonly now: Date },
): Promise<void> => {
  const totpSecret = enrolment.totpSecret === undefined ? null : sealSecret(keys.totpSecrets, enrolment.totpSecret, secretContext(enrolment.userId));
  const values = { totpSecret, phone: enrolment.phone ?? null, lastUsedStep: null, createdAt: enrolment.now };
  await db
    .insert(mfaEnrolments)
    .values({ userId: enrolment.userId, method: enrolment.method, ...values })
    .onConflictDoUpdate({
      target: [mfaEnrolments.userId, mfaEnrolments.method],
      set: values,
      setWhere: isNull(mfaEnrolments.confirmedAt),
    });
};

export const confirmEnrolment = async (db: Database, id: number, now: Date): Promise<void> => {
  await db.update(mfaEnrolments).set({ confirmedAt: now }).where(and(eq(mfaEnrolments.id, id), isNull(mfaEnrolments.confirmedAt)));
};

/**
 * Marks an authenticator step as used. Only a step later than the last used one is accepted, in
 * one conditional UPDATE, so the same code (or an older one) never works twice, even when two
 * requests race.
 */
export const claimTotpStep = async (db: Database, id: number, step: number): Promise<boolean> => {
  const claimed = await db
    .update(mfaEnrolments)
    .set({ lastUsedStep: step })
    .where(and(eq(mfaEnrolments.id, id), or(isNull(mfaEnrolments.lastUsedStep), lt(mfaEnrolments.lastUsedStep, step))))
    .returning({ id: mfaEnrolments.id });
  return claimed.length === 1;
};
