import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PatientsWorld, patientsWorld } from "../clinic-world.test-helper.ts";
import { patients } from "../db/schema/patients.ts";
import { users } from "../db/schema/users.ts";
import { TEST_DRIVERS } from "../db/test-database.ts";
import { API_KEY_HEADER } from "../test-app.test-helper.ts";
import { AUTH, PASSWORD, createAccount, login, newestMessage, pastIpWindows } from "./auth.test-helper.ts";
import { AUTH_POLICY } from "./auth-policy.ts";

// Issue 31 item 11: look-alike addresses. Every place an address enters (the write bodies of
// SLPs, administrators and patients, sign-in, forgot password) reads it in one normal form
// (normaliseEmail: the domain lower-cased, without a trailing dot, in ASCII) and refuses a local
// part that mixes alphabets (ERROR_056 on email), so `аdmin@…` with a Cyrillic а is nobody.
const SETUP_TIMEOUT = 180_000;
const CYRILLIC_A = "\u0430";

describe.each(TEST_DRIVERS)("e-mail addresses in one normal form on %s", (driver) => {
  let world: PatientsWorld;
  let counter = 0;

  beforeAll(async () => {
    world = await patientsWorld(driver, "email-normal");
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  const call = (method: "POST" | "PATCH", url: string, body: unknown): Promise<LightMyRequestResponse> =>
    world.t.app.inject({ method, url, headers: { ...world.headers.admin, "content-type": "application/json" }, payload: JSON.stringify(body) });
  const expectLookAlike = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ code: "ERROR_056", detail: { field: "email" } });
  };
  const next = () => {
    counter += 1;
    return counter;
  };

  it("stores an SLP's, an administrator's and a patient's address with its domain lower-cased and without the trailing dot", async () => {
    const n = next();
    const slp = await call("POST", "/api/staff/", { first_name: "Nora", last_name: "Quinn", email: `Nora.Quinn${n}@CLINIC.Test.`, role: "staff" });
    expect(slp.statusCode, slp.body).toBe(201);
    expect(slp.json()).toMatchObject({ email: `Nora.Quinn${n}@clinic.test` });
    const admin = await call("POST", "/api/administrators/", { first_name: "Pia", last_name: "Lund", email: `Pia.Lund${n}@Clinic.TEST.`, institution: world.clinic, role: "staff_admin" });
    expect(admin.statusCode, admin.body).toBe(201);
    expect(admin.json()).toMatchObject({ email: `Pia.Lund${n}@clinic.test` });
    const patient = await call("POST", "/api/patients/", { first_name: "Walter", last_name: "Reyes", email: `Walter${n}@HOME.Test.`, birthdate: "1951-03-02", gender: "male", staff: world.slpStaffId });
    expect(patient.statusCode, patient.body).toBe(201);
    const id = (patient.json() as { id: number }).id;
    const [row] = await world.t.database.db.select({ email: patients.email }).from(patients).where(eq(patients.id, id));
    expect(row?.email).toBe(`Walter${n}@home.test`);
    // The same inbox in another spelling is the same address: taken.
    const again = await call("POST", "/api/staff/", { first_name: "Nora", last_name: "Quinn", email: `nora.quinn${n}@clinic.test`, role: "staff" });
    expect(again.statusCode, again.body).toBe(400);
    expect(again.json()).toMatchObject({ code: "ERROR_031" });
  });

  it("refuses a look-alike address (a Cyrillic а among Latin letters) on every write, and writes nothing", async () => {
    const n = next();
    const before = (await world.t.database.db.select({ id: users.id }).from(users)).length;
    expectLookAlike(await call("POST", "/api/staff/", { first_name: "Ada", last_name: "Min", email: `${CYRILLIC_A}dmin${n}@clinic.test`, role: "staff" }));
    expectLookAlike(await call("POST", "/api/administrators/", { first_name: "Ada", last_name: "Min", email: `${CYRILLIC_A}dmin${n}@clinic.test`, institution: world.clinic, role: "staff_admin" }));
    expectLookAlike(await call("POST", "/api/patients/", { first_name: "Ada", last_name: "Min", email: `p${CYRILLIC_A}tient${n}@home.test`, birthdate: "1951-03-02", gender: "male", staff: world.slpStaffId }));
    expect((await world.t.database.db.select({ id: users.id }).from(users)).length).toBe(before);

    const slp = await call("POST", "/api/staff/", { first_name: "Ada", last_name: "Min", email: `ada.min${n}@clinic.test`, role: "staff" });
    const { id } = slp.json() as { id: number };
    expectLookAlike(await call("PATCH", `/api/staff/${id}/`, { email: `${CYRILLIC_A}da.min${n}@clinic.test` }));
  });

  it("signs in and resets with any spelling of the same address; a look-alike is nobody; one lock for every spelling", async () => {
    pastIpWindows(world.t);
    const n = next();
    const account = await createAccount(world.t, { email: `owner${n}@clinic.test` });
    expect((await login(world.t, `owner${n}@CLINIC.TEST.`, PASSWORD)).statusCode).toBe(200);
    expect((await login(world.t, `owner${n}@clinic.test.`, PASSWORD)).statusCode).toBe(200);
    expect((await login(world.t, `own${CYRILLIC_A}r${n}@clinic.test`, PASSWORD)).statusCode).toBe(401);

    const forgot = await world.t.app.inject({ method: "POST", url: `${AUTH}/forgot_password/`, headers: API_KEY_HEADER, payload: { email: `owner${n}@Clinic.Test.` } });
    expect(forgot.statusCode).toBe(204);
    expect((await newestMessage(world.t, account.email))?.body).toContain("email-confirmation?token=");

    pastIpWindows(world.t);
    const spellings = [`owner${n}@clinic.test.`, `owner${n}@CLINIC.test`, `owner${n}@clinic.TEST.`, `owner${n}@Clinic.Test`, `owner${n}@clinic.test`];
    const statuses: number[] = [];
    for (let i = 0; i < AUTH_POLICY.maxPasswordFailures; i += 1) statuses.push((await login(world.t, spellings[i % spellings.length] ?? "", "Wrong-Password-123")).statusCode);
    // The fifth failure locks, whichever spelling it came in: the lock answers from then on.
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    expect((await login(world.t, account.email, PASSWORD)).statusCode).toBe(429);
  });
});
