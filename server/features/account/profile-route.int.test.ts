import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { decodeStrict } from "../../../domain/shared/wire/decode.ts";
import { mfaEnrolments } from "../../db/schema/credentials.ts";
import { staff, users } from "../../db/schema/users.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { API_KEY_HEADER, type TestApp, createTestApp } from "../../test-app.test-helper.ts";
import { auditFor, createAccount, me, pastIpWindows, signIn, withBearer } from "../../auth/auth.test-helper.ts";
import { ME, patchMe } from "./account.test-helper.ts";
import {
  type VersionNamed,
  type VersionedSubject,
  expectCurrentWrites,
  expectOneRacerWins,
  expectStaleRefused,
  expectUnreadableRefused,
  expectUnversionedWrites,
} from "../../http/versioned-writes.test-helper.ts";

describe.each(TEST_DRIVERS)("PATCH users/me/ (%s)", (driver) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(() => t.close());

  let refused = 0;
  const storedUser = async (id: number) => {
    const [row] = await t.database.db.select({ firstName: users.firstName, lastName: users.lastName, phone: users.phone }).from(users).where(eq(users.id, id));
    return row;
  };

  it("updates trimmed names and the phone, answering the record GET users/me/ shows", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "profile@clinic.test" });
    const other = await createAccount(t, { email: "bystander@clinic.test", phone: "+15550100999" });
    const { access } = await signIn(t, account);
    const response = await patchMe(t, access, { first_name: "  Ada ", last_name: "Lovelace", phone: "(201) 555-0123" });
    expect(response.statusCode).toBe(200);
    const body: unknown = response.json();
    expect(decodeStrict(CurrentUser)(body).ok).toBe(true);
    expect(body).toMatchObject({ id: account.id, first_name: "Ada", last_name: "Lovelace", phone: "********0123" });
    expect((await me(t, access)).json()).toEqual(body);
    expect(await storedUser(account.id)).toEqual({ firstName: "Ada", lastName: "Lovelace", phone: "+12015550123" });
    // Someone else's record is untouched.
    expect(await storedUser(other.id)).toEqual({ firstName: "Test", lastName: "Person", phone: "+15550100999" });
    const audits = (await auditFor(t, account.id)).filter((row) => row.action === "update" && row.resource === "user");
    expect(audits.map((row) => `${row.outcome}:${row.resourceId}`)).toEqual([`success:${account.id}`]);
  });

  it("changes only the fields sent, and clears the phone with null or an empty text", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "partial@clinic.test", phone: "+12015550111" });
    const { access } = await signIn(t, account);
    expect((await patchMe(t, access, { last_name: "Hopper" })).json()).toMatchObject({ first_name: "Test", last_name: "Hopper", phone: "********0111" });
    expect((await patchMe(t, access, { phone: null })).json()).toMatchObject({ phone: null });
    await patchMe(t, access, { phone: "+12015550112" });
    expect((await patchMe(t, access, { phone: "  " })).json()).toMatchObject({ phone: null });
    expect((await storedUser(account.id))?.phone).toBeNull();
  });

  it.each([
    [{ first_name: "   " }, "ERROR_003", "first_name", "The first name is required"],
    [{ last_name: "" }, "ERROR_003", "last_name", "The last name is required"],
    [{ first_name: "A" }, "ERROR_004", "first_name", "The first name is too short."],
    [{ last_name: "x".repeat(151) }, "ERROR_056", "last_name", undefined],
    [{ phone: "not a phone" }, "ERROR_002", "phone", "The phone number is not valid"],
    [{ phone: "+1555" }, "ERROR_002", "phone", "The phone number is not valid"],
    [{ phone: 12 }, "ERROR_002", "phone", "The phone number is not valid"],
    [{ email: "new@clinic.test" }, "ERROR_056", "email", undefined],
    [{ first_name: "Grace", role: 1 }, "ERROR_056", "role", undefined],
  ])("refuses %j with %s and changes nothing", async (payload, code, field, message) => {
    pastIpWindows(t);
    refused += 1;
    const account = await createAccount(t, { email: `refused-${refused}@clinic.test` });
    const { access } = await signIn(t, account);
    const before = await storedUser(account.id);
    const response = await patchMe(t, access, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code, detail: { field }, ...(message === undefined ? {} : { message }) });
    expect(await storedUser(account.id)).toEqual(before);
  });

  it("refuses a phone another account uses (ERROR_021)", async () => {
    pastIpWindows(t);
    await createAccount(t, { email: "owner-of-number@clinic.test", phone: "+12015550150" });
    const account = await createAccount(t, { email: "wants-number@clinic.test" });
    const { access } = await signIn(t, account);
    const response = await patchMe(t, access, { phone: "+1 201 555 0150" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "ERROR_021", detail: { field: "phone" } });
  });

  it("keeps the SMS factor's number: the phone cannot change while SMS is confirmed, but names can", async () => {
    pastIpWindows(t);
    const account = await createAccount(t, { email: "sms-profile@clinic.test", phone: "+12015550160" });
    await t.database.db.insert(mfaEnrolments).values({ userId: account.id, method: "sms", phone: "+12015550160", confirmedAt: t.clock.now() });
    const { access } = await signIn(t, account);
    for (const phone of ["+12015550161", null]) {
      const refused = await patchMe(t, access, { phone });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: "ERROR_050", detail: { field: "phone" } });
      expect((refused.json() as { message: string }).message).toMatch(/SMS verification/);
    }
    // The same number (however typed) is not a change.
    expect((await patchMe(t, access, { phone: "201-555-0160", first_name: "Kept" })).json()).toMatchObject({ first_name: "Kept", phone: "********0160" });
    expect((await storedUser(account.id))?.phone).toBe("+12015550160");
    const refusals = (await auditFor(t, account.id)).filter((row) => row.action === "update" && row.outcome === "failure");
    expect(refusals.map((row) => row.reason)).toEqual(["sms_phone_locked", "sms_phone_locked"]);
  });

  it("is refused without a signed-in session, and with a pre-authentication token", async () => {
    const response = await t.app.inject({ method: "PATCH", url: `${ME}/`, headers: API_KEY_HEADER, payload: { first_name: "Eve" } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: "ERROR_001" });
    pastIpWindows(t);
    const account = await createAccount(t, { email: "preauth-profile@clinic.test" });
    const { preAuth } = await signIn(t, account);
    const withPreAuth = await t.app.inject({ method: "PATCH", url: `${ME}/`, headers: { ...API_KEY_HEADER, authorization: `Token ${preAuth}` }, payload: { first_name: "Eve" } });
    expect(withPreAuth.statusCode).toBe(401);
    expect((await storedUser(account.id))?.firstName).toBe("Test");
  });

  describe("versions (issue 19: the same person editing their profile in two tabs)", () => {
    const profileSubject = async (email: string): Promise<VersionedSubject<string> & { readonly userId: number; readonly access: string }> => {
      pastIpWindows(t);
      const account = await createAccount(t, { email });
      const { access } = await signIn(t, account);
      const write = (first_name: string, version: VersionNamed) =>
        t.app.inject({
          method: "PATCH",
          url: `${ME}/`,
          headers: { ...withBearer(access), ...(version.ifMatch === undefined ? {} : { "if-match": version.ifMatch }) },
          payload: version.body === undefined ? { first_name } : { first_name, version: version.body },
        });
      return {
        userId: account.id,
        access,
        write,
        stored: async () => {
          const [row] = await t.database.db.select({ version: users.version, value: users.firstName }).from(users).where(eq(users.id, account.id));
          if (row === undefined) throw new Error("no user");
          return row;
        },
        lastAudit: async () => (await auditFor(t, account.id)).filter((row) => row.action === "update" && row.resource === "user").at(-1),
        values: ["Alma", "Bette", "Cora", "Dina", "Edna", "Flora", "Greta", "Hilda"],
      };
    };

    it("answers the version in GET users/me/ with the ETag, and refuses a stale PATCH (412) changing nothing", async () => {
      const subject = await profileSubject("versions-stale@clinic.test");
      const read = await me(t, subject.access);
      expect(read.json()).toMatchObject({ version: 1 });
      expect(read.headers.etag).toBe('"1"');
      await subject.write("Moved", {});
      await expectStaleRefused(subject);
    });

    it("writes with the current version and moves the staff record's version with the user's", async () => {
      const subject = await profileSubject("versions-current@clinic.test");
      await expectCurrentWrites(subject);
      const [face] = await t.database.db.select({ version: staff.version }).from(staff).where(eq(staff.userId, subject.userId));
      expect(face?.version).toBe((await subject.stored()).version);
    });

    it("lets exactly one of two PATCHes from the same version win", async () => {
      const subject = await profileSubject("versions-race@clinic.test");
      for (let round = 0; round < 3; round += 1) await expectOneRacerWins(subject);
    });

    it("keeps writing without a version, and refuses a malformed or contradictory one (400)", async () => {
      const subject = await profileSubject("versions-none@clinic.test");
      await expectUnversionedWrites(subject);
      await expectUnreadableRefused(subject);
    });

    it("refuses a stale version even when nothing would change: the form was filled from an older record", async () => {
      const subject = await profileSubject("versions-same@clinic.test");
      await subject.write("Same", {});
      const nothing = (version: number) => t.app.inject({ method: "PATCH", url: `${ME}/`, headers: withBearer(subject.access), payload: { version } });
      const stale = await nothing(1);
      expect(stale.statusCode, stale.body).toBe(412);
      expect(stale.json()).toMatchObject({ code: "ERROR_056", detail: { field: "version" } });
      const current = await nothing(2);
      expect(current.statusCode).toBe(200);
      expect(current.headers.etag).toBe('"2"');
      expect(await subject.stored()).toEqual({ version: 2, value: "Same" });
    });
  });
});
