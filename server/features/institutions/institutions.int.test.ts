import { desc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "../../db/schema/audit.ts";
import { institutionGames } from "../../db/schema/games.ts";
import { institutionAllowedDomains, institutions } from "../../db/schema/institutions.ts";
import { patients } from "../../db/schema/patients.ts";
import { users } from "../../db/schema/users.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";
import { duplicateNameAsFailure, refusedZone } from "./institution-rules.ts";

// The institutions calls: the super administrator's list (search, paging, member and patient
// counts kept apart from deleted people), one institution per member, create and edit with the
// name and domain rules (ERROR_003/023/024/031), the billing settings (time zone, supply kind;
// ERROR_056), stale edits (412), and an audit row per call.
const SETUP_TIMEOUT = 180_000;

type Who = keyof PatientsWorld["headers"];
type Failure = { code: string; message: string; detail: { field?: string } | null };
type Institution = {
  id: number;
  name: string;
  allowed_domains: string[];
  description: string;
  games: number[];
  time_zone: string;
  rtm_supply_kind: string | null;
  version: number;
};
type ListItem = { id: number; name: string; members_count: number; mobile_users_count: number; administrators: { id: number; initials: string; first_name: string; last_name: string }[] };
type Page = { current_page: number; total_pages: number; count?: number; results: ListItem[] };

describe.each(TEST_DRIVERS)("institutions on %s", (driver) => {
  let world: PatientsWorld;

  beforeAll(async () => {
    world = await patientsWorld(driver, "institutions");
    const db = world.t.database.db;
    await db.update(institutions).set({ name: "Riverside Speech Clinic" }).where(eq(institutions.id, world.clinic));
    await db.update(institutions).set({ name: "Lakeside Rehabilitation" }).where(eq(institutions.id, world.otherClinic));
    const patient = (email: string, archived: boolean) => ({
      institutionId: world.clinic,
      firstName: "Ada",
      lastName: "Patient",
      email,
      birthdate: "1950-01-01",
      gender: "female" as const,
      archivedAt: archived ? world.t.clock.now() : null,
    });
    await db.insert(patients).values([patient("p1@home.test", false), patient("p2@home.test", false), patient("p3@home.test", true)]);
    await db.insert(institutionGames).values(world.gameIds.slice(0, 2).map((gameId) => ({ institutionId: world.clinic, gameId })));
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  const call = (who: Who, method: "GET" | "POST" | "PUT", url: string, body?: unknown, extra: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
    world.t.app.inject({
      method,
      url,
      headers: { ...world.headers[who], ...extra, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const expectFailure = (response: LightMyRequestResponse, status: number, code: string, field?: string): void => {
    expect(response.statusCode, response.body).toBe(status);
    const body = response.json() as Failure;
    expect(body.code, response.body).toBe(code);
    if (field !== undefined) expect(body.detail?.field, response.body).toBe(field);
  };
  const lastAudit = async () => {
    const [row] = await world.t.database.db.select().from(auditEvents).where(eq(auditEvents.resource, "institution")).orderBy(desc(auditEvents.id)).limit(1);
    return row;
  };
  const create = async (body: Record<string, unknown>): Promise<Institution> => {
    const response = await call("superAdmin", "POST", "/api/institutions/", { description: "", allowed_domains: [], ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Institution;
  };

  it("lists institutions by name for the super administrator, with live member and patient counts and the administrators' initials", async () => {
    const response = await call("superAdmin", "GET", "/api/institutions/?search=riverside");
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as Page;
    expect(page).toMatchObject({ current_page: 1, total_pages: 1, count: 1 });
    const [riverside] = page.results;
    // admin, staff admin and two SLPs; three patients, one of them deleted.
    expect(riverside).toMatchObject({ id: world.clinic, name: "Riverside Speech Clinic", members_count: 4, mobile_users_count: 2 });
    expect(riverside?.administrators.map((admin) => admin.initials)).toEqual(["TP", "TP"]);
    expect(await lastAudit()).toMatchObject({ action: "list", outcome: "success" });

    // A deleted SLP is no longer a member.
    const db = world.t.database.db;
    await db.update(users).set({ archivedAt: world.t.clock.now() }).where(eq(users.id, world.accounts.slp.id));
    const after = (await call("superAdmin", "GET", "/api/institutions/?search=RIVERSIDE")).json() as Page;
    expect(after.results[0]?.members_count).toBe(3);
    await db.update(users).set({ archivedAt: null }).where(eq(users.id, world.accounts.slp.id));

    // Paging and the order by name: one to a page.
    const first = (await call("superAdmin", "GET", "/api/institutions/?page_size=1&search=side")).json() as Page;
    const second = (await call("superAdmin", "GET", "/api/institutions/?page_size=1&page=2&search=side")).json() as Page;
    expect(first.total_pages).toBe(2);
    expect([first.results[0]?.name, second.results[0]?.name]).toEqual(["Lakeside Rehabilitation", "Riverside Speech Clinic"]);
  });

  it("refuses the list to everyone but the super administrator", async () => {
    for (const who of ["admin", "staffAdmin", "slp"] as const) expect((await call(who, "GET", "/api/institutions/")).statusCode).toBe(403);
  });

  it("answers one institution to its members with its games, domains and version as the ETag; another is 403, an unknown 404", async () => {
    const response = await call("slp", "GET", `/api/institutions/${world.clinic}/`);
    expect(response.statusCode, response.body).toBe(200);
    const record = response.json() as Institution;
    expect(record).toMatchObject({ id: world.clinic, name: "Riverside Speech Clinic", games: world.gameIds.slice(0, 2), allowed_domains: [] });
    expect(response.headers.etag).toBe(`"${record.version}"`);
    expect(await lastAudit()).toMatchObject({ action: "read", resourceId: String(world.clinic), outcome: "success" });
    expect((await call("admin", "GET", `/api/institutions/${world.otherClinic}`)).statusCode).toBe(403);
    expectFailure(await call("superAdmin", "GET", "/api/institutions/999999/"), 404, "ERROR_030");
  });

  it("creates an institution with its domains stored lower-case, and holds the name and domain rules", async () => {
    const created = await create({ name: "  Harbor Voice Center ", allowed_domains: [" HarborVoice.ORG ", "", "mail.harborvoice.org"], description: "Adults" });
    expect(created).toMatchObject({ name: "Harbor Voice Center", allowed_domains: ["harborvoice.org", "mail.harborvoice.org"], description: "Adults", games: [], version: 1 });
    expect(await lastAudit()).toMatchObject({ action: "create", resourceId: String(created.id), outcome: "success" });
    const read = await call("superAdmin", "GET", `/api/institutions/${created.id}/`);
    expect(read.json()).toEqual(created);

    const body = { description: "", allowed_domains: [] };
    expectFailure(await call("superAdmin", "POST", "/api/institutions/", { ...body, name: "harbor VOICE center" }), 400, "ERROR_024", "name");
    expectFailure(await call("superAdmin", "POST", "/api/institutions/", { ...body, name: "   " }), 400, "ERROR_003", "name");
    expectFailure(await call("superAdmin", "POST", "/api/institutions/", { ...body, name: "Bad Domains", allowed_domains: ["https://x.org"] }), 400, "ERROR_023", "allowed_domains");
    expectFailure(await call("superAdmin", "POST", "/api/institutions/", { ...body, name: "Twice", allowed_domains: ["a.org", "A.org"] }), 400, "ERROR_031", "allowed_domains");
    expect(await lastAudit()).toMatchObject({ action: "create", outcome: "failure", reason: "institution_rules" });
    expect((await call("admin", "POST", "/api/institutions/", { ...body, name: "Not Mine To Make" })).statusCode).toBe(403);
    const [stored] = await world.t.database.db.select().from(institutionAllowedDomains).where(eq(institutionAllowedDomains.domain, "a.org"));
    expect(stored).toBeUndefined();
  });

  it("gives one name to one institution when several requests race for it", async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, index) => call("superAdmin", "POST", "/api/institutions/", { name: index % 2 === 0 ? "Race Clinic" : "RACE clinic", allowed_domains: [], description: "" })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400, 400, 400]);
    for (const answer of answers.filter((one) => one.statusCode === 400)) expect((answer.json() as Failure).code).toBe("ERROR_024");
  });

  it("lets the institution's own administrator edit it from the version they saw; a stale edit is 412 and changes nothing", async () => {
    const before = (await call("admin", "GET", `/api/institutions/${world.clinic}/`)).json() as Institution;
    const edit = { name: "Riverside Speech Clinic", allowed_domains: ["Clinic.test"], description: "Outpatient speech therapy" };
    const response = await call("admin", "PUT", `/api/institutions/${world.clinic}/`, edit, { "if-match": `"${before.version}"` });
    expect(response.statusCode, response.body).toBe(200);
    const after = response.json() as Institution;
    expect(after).toMatchObject({ allowed_domains: ["clinic.test"], description: "Outpatient speech therapy", games: before.games, version: before.version + 1 });
    expect(response.headers.etag).toBe(`"${after.version}"`);
    // Issue 38: the row names the changed fields, old and new; the unchanged billing settings are not among them.
    const moved = { ...(before.name === edit.name ? {} : { name: { from: before.name, to: edit.name } }), ...(before.description === edit.description ? {} : { description: { from: before.description, to: edit.description } }) };
    expect(Object.keys(moved).length).toBeGreaterThan(0);
    expect(await lastAudit()).toMatchObject({ action: "update", resourceId: String(world.clinic), outcome: "success" });
    expect((await lastAudit())?.changes).toEqual(moved);

    expectFailure(await call("admin", "PUT", `/api/institutions/${world.clinic}/`, { ...edit, description: "Lost" }, { "if-match": `"${before.version}"` }), 412, "ERROR_056");
    expectFailure(await call("admin", "PUT", `/api/institutions/${world.clinic}/`, { ...edit, description: "Lost", version: before.version }), 412, "ERROR_056");
    expect(((await call("admin", "GET", `/api/institutions/${world.clinic}/`)).json() as Institution).description).toBe("Outpatient speech therapy");

    expectFailure(await call("admin", "PUT", `/api/institutions/${world.clinic}/`, { ...edit, name: "lakeside rehabilitation" }), 400, "ERROR_024", "name");
    expectFailure(await call("admin", "PUT", `/api/institutions/${world.clinic}/`, { ...edit, allowed_domains: ["no domain"] }), 400, "ERROR_023");
    expect((await call("admin", "PUT", `/api/institutions/${world.otherClinic}/`, edit)).statusCode).toBe(403);
    expect((await call("staffAdmin", "PUT", `/api/institutions/${world.clinic}/`, edit)).statusCode).toBe(403);
    // The super administrator edits any; keeping the institution's own name in another case is no clash.
    const renamed = await call("superAdmin", "PUT", `/api/institutions/${world.clinic}/`, { ...edit, name: "RIVERSIDE Speech Clinic", allowed_domains: [] });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: "RIVERSIDE Speech Clinic", allowed_domains: [] });
  });

  it("reads and edits the billing settings: time zone and supply kind, kept when left out, refused when unknown (ERROR_056) or stale (412)", async () => {
    const url = `/api/institutions/${world.clinic}/`;
    const before = (await call("slp", "GET", url)).json() as Institution;
    // Not chosen yet: the supply kind is a payer question, so there is no default.
    expect(before).toMatchObject({ time_zone: "America/New_York", rtm_supply_kind: null });
    const edit = { name: before.name, allowed_domains: before.allowed_domains, description: before.description };

    const saved = await call("admin", "PUT", url, { ...edit, time_zone: "America/Chicago", rtm_supply_kind: "cognitiveBehavioural" }, { "if-match": `"${before.version}"` });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ time_zone: "America/Chicago", rtm_supply_kind: "cognitiveBehavioural", version: before.version + 1 });
    const [stored] = await world.t.database.db.select().from(institutions).where(eq(institutions.id, world.clinic));
    expect(stored).toMatchObject({ timeZone: "America/Chicago", rtmSupplyKind: "cognitiveBehavioural" });
    expect(((await call("staffAdmin", "GET", url)).json() as Institution).rtm_supply_kind).toBe("cognitiveBehavioural");

    // A client that does not send the settings keeps them.
    const kept = await call("admin", "PUT", url, { ...edit, description: "Kept settings" });
    expect(kept.json()).toMatchObject({ time_zone: "America/Chicago", rtm_supply_kind: "cognitiveBehavioural", description: "Kept settings" });
    const version = (kept.json() as Institution).version;

    for (const zone of ["Mars/Olympus_Mons", "+01:00", "", "America/Chicago; drop table"]) {
      expectFailure(await call("admin", "PUT", url, { ...edit, time_zone: zone, version }), 400, "ERROR_056", "time_zone");
    }
    expectFailure(await call("admin", "PUT", url, { ...edit, rtm_supply_kind: "speech", version }), 400, "ERROR_056", "rtm_supply_kind");
    expectFailure(await call("admin", "PUT", url, { ...edit, rtm_supply_kind: "98978", version }), 400, "ERROR_056", "rtm_supply_kind");
    // A stale edit changes nothing.
    expectFailure(await call("admin", "PUT", url, { ...edit, time_zone: "Europe/Berlin", version: before.version }), 412, "ERROR_056");
    // Only the super administrator and the institution's own administrator edit it.
    expect((await call("admin", "PUT", `/api/institutions/${world.otherClinic}/`, { ...edit, name: "Lakeside Rehabilitation", rtm_supply_kind: "respiratory" })).statusCode).toBe(403);
    expect((await call("slp", "PUT", url, { ...edit, rtm_supply_kind: "respiratory" })).statusCode).toBe(403);
    expect((await call("staffAdmin", "PUT", url, { ...edit, rtm_supply_kind: "respiratory" })).statusCode).toBe(403);
    const unchanged = (await call("admin", "GET", url)).json() as Institution;
    expect(unchanged).toMatchObject({ time_zone: "America/Chicago", rtm_supply_kind: "cognitiveBehavioural", version });
    const [other] = await world.t.database.db.select().from(institutions).where(eq(institutions.id, world.otherClinic));
    expect(other?.rtmSupplyKind).toBeNull();

    // The super administrator sets "not chosen yet" back, and a new institution can start with its settings.
    const reset = await call("superAdmin", "PUT", url, { ...edit, time_zone: "UTC", rtm_supply_kind: null, version });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toMatchObject({ time_zone: "UTC", rtm_supply_kind: null });
    const created = await create({ name: "Mountain Voice", time_zone: "America/Denver", rtm_supply_kind: "musculoskeletal" });
    expect(created).toMatchObject({ time_zone: "America/Denver", rtm_supply_kind: "musculoskeletal" });
    expectFailure(await call("superAdmin", "POST", "/api/institutions/", { name: "Nowhere", allowed_domains: [], description: "", time_zone: "Nowhere/City" }), 400, "ERROR_056", "time_zone");
  });

  it("answers a time zone the database does not know as ERROR_056 on time_zone, not a 500", async () => {
    // The database's trigger has the last word (a name the runtime's ICU knows but the server's
    // zone files do not): the write's error is read as the refused zone, which the routes answer 400.
    const db = world.t.database.db;
    const outcome = await duplicateNameAsFailure(() => db.update(institutions).set({ timeZone: "Not/AZone" }).where(eq(institutions.id, world.otherClinic)));
    expect(refusedZone(outcome)).toBe(true);
  });
});
