import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../../db/schema/users.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import type { PatientsWorld } from "../../clinic-world.test-helper.ts";
import {
  type AdministratorPage,
  type AdministratorRecord,
  type Who,
  administrationWorld,
  caller,
  expectFailure,
  lastAdministratorAudit,
  linkState,
  mailsTo,
  newestLinkToken,
} from "./administrators.test-helper.ts";

// Inviting, reading, listing and editing administrators: the e-mail rules (ERROR_020/031/047/053),
// the role rule (ERROR_025), the institution scopes (another institution's administrator is 404
// and tells nothing), the invitation e-mail on create and on a changed address, stale edits.
const SETUP_TIMEOUT = 180_000;

describe.each(TEST_DRIVERS)("administrators on %s", (driver) => {
  let world: PatientsWorld;
  let call: ReturnType<typeof caller>;
  let counter = 0;

  beforeAll(async () => {
    world = await administrationWorld(driver, "admins");
    call = caller(world);
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  const newEmail = (domain = "clinic.test") => {
    counter += 1;
    return `new.admin.${counter}@${domain}`;
  };
  const invite = async (extra: Record<string, unknown> = {}, who: Who = "admin"): Promise<AdministratorRecord> => {
    const response = await call(who, "POST", "/api/administrators/", { first_name: "Nora", last_name: "Quinn", email: newEmail(), institution: world.clinic, role: "staff_admin", ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as AdministratorRecord;
  };

  it("invites a pending administrator: 201 with the record as GET returns it, an e-mailed link, an audit row", async () => {
    const response = await call("admin", "POST", "/api/administrators/", { first_name: " Nora ", last_name: "Quinn", email: "Nora.Quinn@clinic.test", institution: world.clinic, role: "institution_admin" });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as AdministratorRecord;
    expect(created).toMatchObject({
      first_name: "Nora",
      last_name: "Quinn",
      email: "Nora.Quinn@clinic.test",
      status: "pending",
      groups: [],
      role: { code_name: "institution_admin", title: "Institution administrator" },
      phone: null,
      institution: world.clinic,
      invitation: { state: "open", invited_by: { first_name: "Test", last_name: "Person" } },
      last_active_administrator: false,
      version: 1,
    });
    expect(response.headers.etag).toBe('"1"');
    const read = await call("admin", "GET", `/api/administrators/${created.id}/`);
    expect(read.json()).toEqual(created);
    expect(await lastAdministratorAudit(world)).toMatchObject({ action: "read", resourceId: String(created.id), outcome: "success" });
    const [mail] = await mailsTo(world, "nora.quinn@clinic.test");
    expect(mail?.body).toContain("invited you to the Speech Therapy Care Portal as an administrator of");
    expect(await linkState(world, await newestLinkToken(world, created.email))).toBe("open");
    const [user] = await world.t.database.db.select({ changePassword: users.changePassword }).from(users).where(eq(users.email, created.email));
    expect(user?.changePassword).toBe(true);
  });

  it("holds the e-mail to the institution's domains (ERROR_020) and to one living account (ERROR_031), and the role to the two administrator roles (ERROR_025)", async () => {
    const body = { first_name: "Ida", last_name: "Marsh", institution: world.clinic, role: "staff_admin" };
    expectFailure(await call("admin", "POST", "/api/administrators/", { ...body, email: newEmail("gmail.com") }), 400, "ERROR_020", "email");
    // A subdomain is another mail server.
    expectFailure(await call("admin", "POST", "/api/administrators/", { ...body, email: newEmail("mail.clinic.test") }), 400, "ERROR_020", "email");
    expectFailure(await call("admin", "POST", "/api/administrators/", { ...body, email: "SLP.admins@CLINIC.test" }), 400, "ERROR_031", "email");
    expect(await lastAdministratorAudit(world)).toMatchObject({ action: "create", outcome: "failure", reason: "email_rules" });
    expectFailure(await call("admin", "POST", "/api/administrators/", { ...body, email: newEmail(), role: "super_admin" }), 400, "ERROR_025", "role");
    expectFailure(await call("admin", "POST", "/api/administrators/", { ...body, email: newEmail(), role: "staff" }), 400, "ERROR_025", "role");
    // The other clinic has no allowed domains: any address.
    const anywhere = await call("superAdmin", "POST", "/api/administrators/", { ...body, email: newEmail("example.org"), institution: world.otherClinic });
    expect(anywhere.statusCode, anywhere.body).toBe(201);
  });

  it("gives an address to one account when invitations race for it", async () => {
    const email = newEmail();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => call("admin", "POST", "/api/administrators/", { first_name: "Race", last_name: "Twin", email, institution: world.clinic, role: "staff_admin" })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400, 400]);
    for (const answer of answers.filter((one) => one.statusCode === 400)) expect(answer.json()).toMatchObject({ code: "ERROR_031" });
  });

  it("lets an institution administrator invite only into their own institution; the super administrator into any existing one", async () => {
    const body = { first_name: "Ida", last_name: "Marsh", email: newEmail("example.org"), role: "staff_admin" };
    expect((await call("admin", "POST", "/api/administrators/", { ...body, institution: world.otherClinic })).statusCode).toBe(403);
    expectFailure(await call("superAdmin", "POST", "/api/administrators/", { ...body, institution: 999_999 }), 404, "ERROR_030");
    expect((await call("staffAdmin", "POST", "/api/administrators/", { ...body, institution: world.clinic })).statusCode).toBe(403);
    expect((await mailsTo(world, body.email)).length).toBe(0);
  });

  it("answers another institution's, an unknown or a deleted administrator as 404 and shows nothing of them", async () => {
    const foreign = await invite({ first_name: "Secret", last_name: "Foreigner", email: newEmail("lakeside.example"), institution: world.otherClinic }, "superAdmin");
    for (const method of ["GET", "PATCH"] as const) {
      const response = await call("admin", method, `/api/administrators/${foreign.id}/`, method === "PATCH" ? { first_name: "X" } : undefined);
      expectFailure(response, 404, "ERROR_030");
      expect(response.body).not.toContain("Foreigner");
      expect(response.body).not.toContain("lakeside.example");
    }
    expect(await lastAdministratorAudit(world)).toMatchObject({ outcome: "denied", resourceId: String(foreign.id) });
    expectFailure(await call("admin", "GET", "/api/administrators/999999/"), 404, "ERROR_030");
    expect((await call("superAdmin", "GET", `/api/administrators/${foreign.id}/`)).statusCode).toBe(200);
    expect((await call("otherAdmin", "GET", `/api/administrators/${foreign.id}/`)).statusCode).toBe(200);
  });

  it("lists the caller's institution's live administrators by name, searching names and e-mail with accents aside", async () => {
    const zoe = await invite({ first_name: "Zoë", last_name: "Abbott" });
    const aaron = await invite({ first_name: "Aaron", last_name: "Zimmer" });
    const mine = (await call("admin", "GET", "/api/administrators/?page_size=100")).json() as AdministratorPage;
    expect(mine.results.every((row) => row.institution === world.clinic)).toBe(true);
    const names = mine.results.map((row) => row.first_name);
    expect(names.indexOf("Aaron")).toBeLessThan(names.indexOf("Zoë"));
    expect(mine.count).toBe(mine.results.length);
    // The clinic's own administrator is its only active institution administrator.
    const self = mine.results.find((row) => row.email === world.accounts.admin.email);
    expect(self).toMatchObject({ status: "active", invitation: null, last_active_administrator: true });

    const search = (await call("admin", "GET", "/api/administrators/?search=ZOE")).json() as AdministratorPage;
    expect(search.results.map((row) => row.id)).toEqual([zoe.id]);
    const byEmail = (await call("admin", "GET", `/api/administrators/?search=${encodeURIComponent(aaron.email.slice(0, 14))}`)).json() as AdministratorPage;
    expect(byEmail.results.map((row) => row.id)).toContain(aaron.id);
    const paged = (await call("admin", "GET", "/api/administrators/")).json() as AdministratorPage;
    expect(paged.results.length).toBe(5);
    expect(paged.total_pages).toBe(Math.ceil(mine.count / 5));

    expect((await call("admin", "GET", `/api/administrators/?institution=${world.otherClinic}`)).statusCode).toBe(403);
    expect((await call("staffAdmin", "GET", "/api/administrators/")).statusCode).toBe(403);
    const everyone = (await call("superAdmin", "GET", "/api/administrators/?page_size=100")).json() as AdministratorPage;
    expect(new Set(everyone.results.map((row) => row.institution))).toEqual(new Set([world.clinic, world.otherClinic]));
    // The super administrator's own account belongs to no institution and is not listed.
    expect(everyone.results.some((row) => row.email.startsWith("super."))).toBe(false);
    const other = (await call("superAdmin", "GET", `/api/administrators/?institution=${world.otherClinic}&page_size=100`)).json() as AdministratorPage;
    expect(other.results.every((row) => row.institution === world.otherClinic)).toBe(true);
    expectFailure(await call("superAdmin", "GET", "/api/administrators/?institution=999999"), 404, "ERROR_030");
  });

  it("changes names from the version the editor saw; a stale edit is 412 and changes nothing", async () => {
    const created = await invite();
    const renamed = await call("admin", "PATCH", `/api/administrators/${created.id}/`, { last_name: "Quinn-Hale" }, { "if-match": `"${created.version}"` });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ first_name: "Nora", last_name: "Quinn-Hale", version: created.version + 1 });
    expect(renamed.headers.etag).toBe(`"${created.version + 1}"`);
    // Issue 38: only the changed field, old and new.
    expect(await lastAdministratorAudit(world)).toMatchObject({ action: "update", resourceId: String(created.id), outcome: "success", changes: { last_name: { from: created.last_name, to: "Quinn-Hale" } } });
    expect(Object.keys((await lastAdministratorAudit(world))?.changes ?? {})).toEqual(["last_name"]);
    expectFailure(await call("admin", "PATCH", `/api/administrators/${created.id}/`, { first_name: "Lost", version: created.version }), 412, "ERROR_056");
    expect(((await call("admin", "GET", `/api/administrators/${created.id}/`)).json() as AdministratorRecord).first_name).toBe("Nora");
  });

  it("changes a pending administrator's e-mail to another free address in the domains: a new link goes there and the old one dies", async () => {
    const created = await invite();
    const oldToken = await newestLinkToken(world, created.email);
    expectFailure(await call("admin", "PATCH", `/api/administrators/${created.id}/`, { email: created.email.toUpperCase() }), 400, "ERROR_047", "email");
    expectFailure(await call("admin", "PATCH", `/api/administrators/${created.id}/`, { email: newEmail("gmail.com") }), 400, "ERROR_020", "email");
    expectFailure(await call("admin", "PATCH", `/api/administrators/${created.id}/`, { email: world.accounts.slp.email }), 400, "ERROR_031", "email");
    expect(await linkState(world, oldToken)).toBe("open");

    const moved = newEmail();
    const response = await call("admin", "PATCH", `/api/administrators/${created.id}/`, { email: moved });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ email: moved, status: "pending", invitation: { state: "open" } });
    expect(await linkState(world, oldToken)).toBe("revoked");
    const newToken = await newestLinkToken(world, moved);
    expect(newToken).not.toBe(oldToken);
    expect(await linkState(world, newToken)).toBe("open");
  });

  it("keeps an active administrator's e-mail (ERROR_053)", async () => {
    const [active] = ((await call("superAdmin", "GET", `/api/administrators/?institution=${world.otherClinic}&page_size=100`)).json() as AdministratorPage).results.filter(
      (row) => row.status === "active",
    );
    expect(active).toBeDefined();
    const before = (await mailsTo(world, "moved.active@example.org")).length;
    expectFailure(await call("superAdmin", "PATCH", `/api/administrators/${active?.id}/`, { email: "moved.active@example.org" }), 400, "ERROR_053", "email");
    expect((await mailsTo(world, "moved.active@example.org")).length).toBe(before);
  });
});
