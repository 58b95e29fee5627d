import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AddMfaAppResponse } from "../../../domain/account/account-wire.ts";
import { decodeStrict } from "../../../domain/shared/wire/decode.ts";
import { mfaEnrolments } from "../../db/schema/credentials.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { newestVerificationCode, postMe } from "./account.test-helper.ts";
import { createAccount, pastIpWindows, signIn } from "../../auth/auth.test-helper.ts";
import { type TestApp, createTestApp } from "../../test-app.test-helper.ts";
import { deriveAuthKeys } from "../../auth/auth-keys.ts";
import { findEnrolment, resealTotpSecrets, startEnrolment } from "../../auth/mfa-enrolments.ts";
import { SealedSecretError } from "../../auth/secret-box.ts";
import { newTotpSecret } from "../../auth/totp.ts";

const KEY_A = new Uint8Array(32).fill(0xa1);
const KEY_B = new Uint8Array(32).fill(0xb2);
const JWT = "test-jwt-secret";
const keysA = deriveAuthKeys(JWT, undefined, { current: KEY_A, previous: undefined });
const keysBAfterA = deriveAuthKeys(JWT, undefined, { current: KEY_B, previous: KEY_A });
const keysBOnly = deriveAuthKeys(JWT, undefined, { current: KEY_B, previous: undefined });

describe.each(TEST_DRIVERS)("authenticator secrets at rest (%s)", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver, { config: { mfaSecretKeys: { current: KEY_A, previous: undefined } } });
  });
  afterAll(() => t.close());

  const storedSecret = async (userId: number): Promise<string | null> => {
    const [row] = await t.database.db.select({ stored: mfaEnrolments.totpSecret }).from(mfaEnrolments).where(and(eq(mfaEnrolments.userId, userId), eq(mfaEnrolments.method, "app")));
    return row?.stored ?? null;
  };

  it("never holds the clear secret after an enrolment through the API", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "sealed-at-rest@clinic.test" });
    const { access } = await signIn(t, account);
    expect((await postMe(t, access, "mfa/send_code/", { mfa_option: "email" })).statusCode).toBe(204);
    const stepUp = { confirm_option: "email", otp_code: await newestVerificationCode(t, account.email) };
    const started = await postMe(t, access, "mfa/", { mfa_option: "app", ...stepUp });
    expect(started.statusCode).toBe(200);
    const decoded = decodeStrict(AddMfaAppResponse)(started.json());
    if (!decoded.ok) throw new Error("not an AddMfaAppResponse");
    const stored = await storedSecret(account.id);
    expect(stored).toMatch(/^v1\.[\w-]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stored).not.toContain(decoded.value.secret);
    // The server's own key opens it; the column alone does not give the secret.
    expect((await findEnrolment(t.database.db, keysA, account.id, "app"))?.totpSecret).toBe(decoded.value.secret);
    await expect(findEnrolment(t.database.db, keysBOnly, account.id, "app")).rejects.toThrow(SealedSecretError);
  });

  it("seals a legacy clear secret when it is read, and at start", async () => {
    const onRead = await createAccount(t, { email: "legacy-on-read@clinic.test" });
    const atStart = await createAccount(t, { email: "legacy-at-start@clinic.test" });
    const secret = newTotpSecret();
    await t.database.db.insert(mfaEnrolments).values([
      { userId: onRead.id, method: "app", totpSecret: secret },
      { userId: atStart.id, method: "app", totpSecret: secret },
    ]);
    expect((await findEnrolment(t.database.db, keysA, onRead.id, "app"))?.totpSecret).toBe(secret);
    expect(await storedSecret(onRead.id)).toMatch(/^v1\./);

    const report = await resealTotpSecrets(t.database.db, keysA);
    expect(report.resealed).toBe(1);
    expect(await storedSecret(atStart.id)).toMatch(/^v1\./);
    expect(await storedSecret(atStart.id)).not.toContain(secret);
    expect((await findEnrolment(t.database.db, keysA, atStart.id, "app"))?.totpSecret).toBe(secret);
    // A second pass finds nothing left to do.
    expect((await resealTotpSecrets(t.database.db, keysA)).resealed).toBe(0);
  });

  it("after a rotation reads rows under the previous key and re-seals them under the new one", async () => {
    const account = await createAccount(t, { email: "rotation@clinic.test" });
    const secret = newTotpSecret();
    await startEnrolment(t.database.db, keysA, { userId: account.id, method: "app", totpSecret: secret, now: t.clock.now() });
    const underA = await storedSecret(account.id);
    expect(underA?.split(".")[1]).toBe(keysA.totpSecrets.current.id);

    expect((await findEnrolment(t.database.db, keysBAfterA, account.id, "app"))?.totpSecret).toBe(secret);
    await resealTotpSecrets(t.database.db, keysBAfterA);
    const underB = await storedSecret(account.id);
    expect(underB?.split(".")[1]).toBe(keysBAfterA.totpSecrets.current.id);
    // With the previous key dropped, every row still opens.
    expect((await findEnrolment(t.database.db, keysBOnly, account.id, "app"))?.totpSecret).toBe(secret);
  });

  it("refuses to start (throws, naming the key) when a row opens with neither configured key", async () => {
    const account = await createAccount(t, { email: "unknown-key@clinic.test" });
    await startEnrolment(t.database.db, keysBOnly, { userId: account.id, method: "app", totpSecret: newTotpSecret(), now: t.clock.now() });
    const keysC = deriveAuthKeys(JWT, undefined, { current: new Uint8Array(32).fill(0xc3), previous: undefined });
    await expect(resealTotpSecrets(t.database.db, keysC)).rejects.toThrow(/neither MFA_SECRET_KEY/);
  });

  it("does not open a sealed secret copied onto another person's row", async () => {
    const owner = await createAccount(t, { email: "copy-owner@clinic.test" });
    const thief = await createAccount(t, { email: "copy-thief@clinic.test" });
    await startEnrolment(t.database.db, keysA, { userId: owner.id, method: "app", totpSecret: newTotpSecret(), now: t.clock.now() });
    await t.database.db.insert(mfaEnrolments).values({ userId: thief.id, method: "app", totpSecret: await storedSecret(owner.id) });
    await expect(findEnrolment(t.database.db, keysA, thief.id, "app")).rejects.toThrow(/failed authentication/);
  });
});
