import { and, desc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "../../db/schema/audit.ts";
import { patients } from "../../db/schema/patients.ts";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";

// Create, patch, delete, activate and inactivate: the form rules of spec section 5 with their
// catalogue codes, the status rules, the e-mail rules, the SLP and institution scopes (404 outside),
// archiving, and an audit row for every read and write.
const SETUP_TIMEOUT = 180_000;

type Who = keyof PatientsWorld["headers"];
type Failure = { code: string; message: string; detail: { field?: string } | null };
type Record_ = {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  birthdate: string;
  gender: string;
  status: string;
  reviewed_status: string;
  staff: { id: number; first_name: string; last_name: string } | null;
  contact_info: {
    address_1: string | null;
    city: { id: number; name: string } | null;
    state: { id: number; name: string } | null;
    country: { id: number; name: string; code2: string | null } | null;
    zip_code: string | null;
    phone: string | null;
  };
};

describe.each(TEST_DRIVERS)("patient changes on %s", (driver) => {
  let world: PatientsWorld;
  let usa = 0;
  let germany = 0;
  let britain = 0;
  let massachusetts = 0;
  let bavaria = 0;
  let boston = 0;
  let munich = 0;
  let emailCounter = 0;

  beforeAll(async () => {
    world = await patientsWorld(driver, "write");
    usa = (await world.place("country", "United States")).id;
    germany = (await world.place("country", "Germany")).id;
    britain = (await world.place("country", "United Kingdom")).id;
    massachusetts = (await world.place("state", "Massachusetts")).id;
    bavaria = (await world.place("state", "Bavaria")).id;
    boston = (await world.place("city", "Boston")).id;
    munich = (await world.place("city", "Munich")).id;
  }, SETUP_TIMEOUT);
  afterAll(() => world?.t.close());

  const call = (who: Who, method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE", url: string, body?: unknown): Promise<LightMyRequestResponse> =>
    world.t.app.inject({
      method,
      url,
      headers: { ...world.headers[who], ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const failureOf = (response: LightMyRequestResponse): Failure => response.json() as Failure;
  const expectFailure = (response: LightMyRequestResponse, status: number, code: string, field?: string): Failure => {
    expect(response.statusCode, response.body).toBe(status);
    const body = failureOf(response);
    expect(body.code, response.body).toBe(code);
    if (field !== undefined) expect(body.detail?.field, response.body).toBe(field);
    return body;
  };
  const newEmail = () => {
    emailCounter += 1;
    return `patient.${emailCounter}@home.test`;
  };
  const validBody = (extra: Record<string, unknown> = {}) => ({
    first_name: "Margaret",
    last_name: "Holloway",
    email: newEmail(),
    birthdate: "1948-07-14",
    gender: "female",
    staff: world.slpStaffId,
    contact_info: { address_1: " 12 Beacon Street ", city: boston, state: massachusetts, country: usa, zip_code: "02108", phone: "(617) 555-0123" },
    ...extra,
  });
  const create = async (extra: Record<string, unknown> = {}, who: Who = "admin"): Promise<Record_> => {
    const response = await call(who, "POST", "/api/patients/", validBody(extra));
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as Record_;
  };
  const lastAudit = async () => {
    const [row] = await world.t.database.db.select().from(auditEvents).where(eq(auditEvents.resource, "patient")).orderBy(desc(auditEvents.id)).limit(1);
    return row;
  };

  it("creates a pending patient (201) with the record as GET returns it, cleaned, and audits it", async () => {
    const created = await create();
    expect(created).toMatchObject({
      first_name: "Margaret",
      last_name: "Holloway",
      birthdate: "1948-07-14",
      gender: "female",
      status: "pending",
      reviewed_status: "pending",
      staff: { id: world.slpStaffId },
      contact_info: { address_1: "12 Beacon Street", zip_code: "02108", phone: "+16175550123", city: { id: boston, name: "Boston" }, state: { id: massachusetts }, country: { id: usa, code2: "US" } },
    });
    expect(await lastAudit()).toMatchObject({ action: "create", resourceId: String(created.id), outcome: "success" });
    const read = await call("admin", "GET", `/api/patients/${created.id}/`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(created);
    expect(await lastAudit()).toMatchObject({ action: "read", resourceId: String(created.id), outcome: "success" });
    // A city abroad without a state, under its country; no staff.
    const abroad = await create({ staff: null, contact_info: { country: germany, state: bavaria, city: munich, zip_code: "80331" } });
    expect(abroad.staff).toBeNull();
    expect(abroad.contact_info.country?.name).toBe("Germany");
  });

  it("answers each form rule with its catalogue code and field", async () => {
    const post = (extra: Record<string, unknown>) => call("admin", "POST", "/api/patients/", validBody(extra));
    expectFailure(await post({ first_name: "A" }), 400, "ERROR_004", "first_name");
    expectFailure(await post({ last_name: "  " }), 400, "ERROR_003", "last_name");
    expectFailure(await post({ birthdate: "1899-12-31" }), 400, "ERROR_054", "birthdate");
    expectFailure(await post({ birthdate: "2999-01-01" }), 400, "ERROR_054", "birthdate");
    expectFailure(await post({ birthdate: "2001-02-30" }), 400, "ERROR_054", "birthdate");
    expectFailure(await post({ gender: "other" }), 400, "ERROR_052", "gender");
    expectFailure(await post({ email: "not-an-email" }), 400, "ERROR_056", "email");
    expectFailure(await post({ contact_info: { phone: "12" } }), 400, "ERROR_002", "contact_info.phone");
    const noCountry = expectFailure(await post({ contact_info: { zip_code: "02108" } }), 400, "ERROR_076", "contact_info.zip_code");
    expect(noCountry.message).toBe("Country must be selected to validate postal code");
    const wrongFormat = expectFailure(await post({ contact_info: { country: germany, zip_code: "ABC" } }), 400, "ERROR_076", "contact_info.zip_code");
    expect(wrongFormat.message).toBe("Invalid postal code for Germany");
    expectFailure(await post({ status: "active" }), 400, "ERROR_056", "status");
  });

  it("checks the places, the assigned SLP and the e-mail against the database", async () => {
    const post = (extra: Record<string, unknown>) => call("admin", "POST", "/api/patients/", validBody(extra));
    expectFailure(await post({ contact_info: { country: boston } }), 400, "ERROR_030", "contact_info.country");
    expectFailure(await post({ contact_info: { country: 2_000_000_000 } }), 400, "ERROR_030", "contact_info.country");
    expectFailure(await post({ contact_info: { country: germany, state: massachusetts } }), 400, "ERROR_030", "contact_info.state");
    expectFailure(await post({ contact_info: { country: usa, state: massachusetts, city: munich } }), 400, "ERROR_030", "contact_info.city");
    expectFailure(await post({ contact_info: { city: boston } }), 400, "ERROR_030", "contact_info.city");
    expectFailure(await post({ staff: world.foreignStaffId }), 400, "ERROR_027", "staff");
    expectFailure(await post({ staff: 2_000_000_000 }), 400, "ERROR_027", "staff");
    const first = await create();
    const duplicate = expectFailure(await post({ email: first.email.toUpperCase() }), 400, "ERROR_031", "email");
    expect(duplicate.message).toBe("The email already exists");
  });

  it("lets only roles with the create permission create (an SLP gets 403 ERROR_075)", async () => {
    expectFailure(await call("slp", "POST", "/api/patients/", validBody()), 403, "ERROR_075");
    expectFailure(await call("superAdmin", "POST", "/api/patients/", validBody()), 403, "ERROR_075");
    const byStaffAdmin = await create({}, "staffAdmin");
    expect(byStaffAdmin.status).toBe("pending");
  });

  it("patches only the keys sent, changes the e-mail only while pending (ERROR_053) and never the status", async () => {
    const patient = await create();
    const url = `/api/patients/${patient.id}/`;
    const renamed = await call("admin", "PATCH", url, { first_name: " Maggie ", contact_info: { address_2: "Apt 4" } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ first_name: "Maggie", last_name: "Holloway", contact_info: { address_1: "12 Beacon Street", zip_code: "02108" } });
    // The row names the patient, who did it and from where, and the changed fields' old and new values only.
    expect(await lastAudit()).toMatchObject({
      action: "update",
      resourceId: String(patient.id),
      patientId: patient.id,
      role: "institution_admin",
      userAgent: "lightMyRequest",
      outcome: "success",
      changes: { firstName: { from: "Margaret", to: "Maggie" }, address2: { from: "", to: "Apt 4" } },
    });
    const pendingEmail = newEmail();
    expect((await call("admin", "PATCH", url, { email: pendingEmail })).json()).toMatchObject({ email: pendingEmail });
    expect((await call("admin", "PUT", `${url}activate/`)).statusCode).toBe(200);
    expectFailure(await call("admin", "PATCH", url, { email: newEmail() }), 400, "ERROR_053", "email");
    expect((await call("admin", "PATCH", url, { email: pendingEmail.toUpperCase() })).statusCode).toBe(200);
    expectFailure(await call("admin", "PATCH", url, { status: "inactive" }), 400, "ERROR_056", "status");
    expectFailure(await call("admin", "PATCH", url, { first_name: "M" }), 400, "ERROR_004", "first_name");
    // The country changes: the stored postal code is checked against the new one.
    const britishZip = expectFailure(await call("admin", "PATCH", url, { contact_info: { country: britain, state: null, city: null } }), 400, "ERROR_076", "contact_info.zip_code");
    expect(britishZip.message).toBe("Invalid postal code for United Kingdom");
    expect((await call("admin", "PATCH", url, { contact_info: { country: britain, state: null, city: null, zip_code: "sw1a 1aa" } })).json()).toMatchObject({ contact_info: { zip_code: "SW1A 1AA" } });
    expectFailure(await call("admin", "PATCH", url, { staff: world.foreignStaffId }), 400, "ERROR_027", "staff");
    const other = await create();
    expectFailure(await call("admin", "PATCH", `/api/patients/${other.id}/`, { email: pendingEmail }), 400, "ERROR_031", "email");
    expect((await call("admin", "PATCH", url, { staff: null })).json()).toMatchObject({ staff: null });
  });

  it("moves the status only as patient-status.ts allows (ERROR_050 with the status) and deletes by archiving", async () => {
    const patient = await create();
    const url = `/api/patients/${patient.id}/`;
    // A pending patient is activated or deleted; deactivating ends therapy, so it waits for active (issue 23).
    expect(expectFailure(await call("admin", "PUT", `${url}inactivate/`), 400, "ERROR_050").message).toBe("The action is not allowed for the current status: pending");
    const activated = await call("admin", "PUT", `${url}activate/`);
    expect(activated.json()).toMatchObject({ status: "active" });
    expect(await lastAudit()).toMatchObject({ action: "activate", resourceId: String(patient.id) });
    const again = expectFailure(await call("admin", "PUT", `${url}activate/`), 400, "ERROR_050");
    expect(again.message).toBe("The action is not allowed for the current status: active");
    expectFailure(await call("admin", "DELETE", url), 400, "ERROR_050");
    expect((await call("staffAdmin", "PUT", `${url}inactivate/`)).json()).toMatchObject({ status: "inactive" });
    expect(await lastAudit()).toMatchObject({ action: "inactivate", resourceId: String(patient.id) });
    expectFailure(await call("admin", "PUT", `${url}inactivate/`), 400, "ERROR_050");
    expectFailure(await call("admin", "PUT", `${url}activate/`, { extra: true }), 400, "ERROR_056");
    // Neither an SLP nor a staff admin may delete; an institution admin may, once not active.
    expectFailure(await call("slp", "DELETE", url), 403, "ERROR_001");
    expectFailure(await call("staffAdmin", "DELETE", url), 403, "ERROR_001");
    const deleted = await call("admin", "DELETE", url);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe("");
    expect(await lastAudit()).toMatchObject({ action: "delete", resourceId: String(patient.id), outcome: "success" });
    // Gone from every answer, kept in the table.
    for (const [method, path] of [["GET", url], ["PATCH", url], ["PUT", `${url}activate/`], ["DELETE", url]] as const) {
      expectFailure(await call("admin", method, path, method === "PATCH" ? { first_name: "Again" } : undefined), 404, "ERROR_030");
    }
    const list = (await call("admin", "GET", "/api/patients/?page_size=100")).json() as { results: Array<{ id: number }> };
    expect(list.results.some((row) => row.id === patient.id)).toBe(false);
    const dashboard = (await call("admin", "GET", "/api/patients/dashboard/?page_size=100")).json() as { results: Array<{ id: number }> };
    expect(dashboard.results.some((row) => row.id === patient.id)).toBe(false);
    const bySlp = (await call("admin", "GET", `/api/patients/filtered-list-by-staff?staff_id=${world.slpStaffId}&page_size=100`)).json() as { results: Array<{ id: number }> };
    expect(bySlp.results.some((row) => row.id === patient.id)).toBe(false);
    const [kept] = await world.t.database.db.select({ archivedAt: patients.archivedAt }).from(patients).where(eq(patients.id, patient.id));
    expect(kept?.archivedAt).not.toBeNull();
    // The address may be used again by a new patient.
    expect((await call("admin", "POST", "/api/patients/", validBody({ email: patient.email }))).statusCode).toBe(201);
  });

  it("keeps an SLP to their own patients: another SLP's, another clinic's or an unknown id is 404 and nothing more", async () => {
    const mine = await create({ staff: world.slpStaffId });
    const theirs = await create({ staff: world.otherSlpStaffId });
    expect((await call("slp", "GET", `/api/patients/${mine.id}/`)).statusCode).toBe(200);
    expect((await call("slp", "PATCH", `/api/patients/${mine.id}/`, { last_name: "Hollis" })).json()).toMatchObject({ last_name: "Hollis" });
    for (const [who, id] of [["slp", theirs.id], ["otherAdmin", mine.id], ["admin", 2_000_000_000]] as const) {
      for (const [method, body] of [["GET", undefined], ["PATCH", { first_name: "Probe" }]] as const) {
        const response = await call(who, method, `/api/patients/${id}/`, body);
        const failure = expectFailure(response, 404, "ERROR_030");
        expect(failure.message).toBe("The requested patient was not found");
        expect(response.body).not.toContain("Margaret");
      }
    }
    expect(await lastAudit()).toMatchObject({ action: "update", resourceId: "2000000000", outcome: "denied", reason: "outside_scope" });
    expectFailure(await call("superAdmin", "GET", `/api/patients/${mine.id}/`), 403, "ERROR_001");
    expectFailure(await call("slp", "PUT", `/api/patients/${mine.id}/activate/`), 403, "ERROR_001");
    const list = (await call("slp", "GET", "/api/patients/?page_size=100")).json() as { results: Array<{ id: number; staff: { id: number } | null }> };
    expect(list.results.length).toBeGreaterThan(0);
    expect(list.results.every((row) => row.staff?.id === world.slpStaffId)).toBe(true);
    // Issue 31: an SLP may not hand their patient to a colleague (only administrators reassign,
    // docs/permissions.md); the patient stays theirs.
    expectFailure(await call("slp", "PATCH", `/api/patients/${mine.id}/`, { staff: world.otherSlpStaffId }), 403, "ERROR_001", "staff");
    expect((await call("slp", "GET", `/api/patients/${mine.id}/`)).json()).toMatchObject({ staff: { id: world.slpStaffId } });
  });

  it("lists one SLP's patients for that SLP and their institution's administrators, 404 for anyone else's staff", async () => {
    const db = world.t.database.db;
    const assigned = await db.select({ id: patients.id }).from(patients).where(and(eq(patients.assignedStaffId, world.otherSlpStaffId)));
    const live = (await db.select({ id: patients.id, archivedAt: patients.archivedAt }).from(patients).where(eq(patients.assignedStaffId, world.otherSlpStaffId))).filter((row) => row.archivedAt === null);
    expect(assigned.length).toBeGreaterThan(0);
    const url = (staffId: number, extra = "") => `/api/patients/filtered-list-by-staff?staff_id=${staffId}${extra}`;
    const page = await call("admin", "GET", url(world.otherSlpStaffId, "&page_size=100"));
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json() as { count: number; results: Array<{ id: number; first_name: string }> };
    expect(body.count).toBe(live.length);
    expect(body.results.map((row) => row.id).sort()).toEqual(live.map((row) => row.id).sort());
    expect((await call("otherSlp", "GET", url(world.otherSlpStaffId))).statusCode).toBe(200);
    expect((await call("otherSlp", "GET", `/api/patients/filtered-list-by-staff/?staff_id=${world.otherSlpStaffId}`)).statusCode).toBe(200);
    expectFailure(await call("slp", "GET", url(world.otherSlpStaffId)), 404, "ERROR_030");
    expectFailure(await call("otherAdmin", "GET", url(world.otherSlpStaffId)), 404, "ERROR_030");
    expectFailure(await call("admin", "GET", url(world.foreignStaffId)), 404, "ERROR_030");
    expectFailure(await call("admin", "GET", url(2_000_000_000)), 404, "ERROR_030");
    expectFailure(await call("admin", "GET", "/api/patients/filtered-list-by-staff"), 400, "ERROR_056", "staff_id");
    expectFailure(await call("superAdmin", "GET", url(world.slpStaffId)), 403, "ERROR_001");
  });

  it("walks one SLP's patients by the cursors it answers, page for page as by number (the SLP record's list)", async () => {
    const url = (extra: string) => `/api/patients/filtered-list-by-staff/?staff_id=${world.slpStaffId}&page_size=2${extra}`;
    type Page = { current_page: number; total_pages: number; results: Array<{ id: number }>; next_cursor?: string | null };
    const read = async (extra: string): Promise<Page> => {
      const response = await call("admin", "GET", url(extra));
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Page;
    };
    // Equal first names too: the cursor's id breaks their tie as the offset's order does.
    for (const first_name of ["Ada", "Zoe", "Ada", "Mia", "Ben"]) await create({ first_name });
    const first = await read("&page=1");
    expect(first.total_pages).toBeGreaterThan(2);
    const byNumber = [first.results.map((row) => row.id)];
    for (let page = 2; page <= first.total_pages; page += 1) byNumber.push((await read(`&page=${page}`)).results.map((row) => row.id));
    const byCursor = [first.results.map((row) => row.id)];
    let shown = first;
    while (shown.next_cursor) {
      shown = await read(`&page=${shown.current_page + 1}&cursor=${encodeURIComponent(shown.next_cursor)}`);
      byCursor.push(shown.results.map((row) => row.id));
    }
    expect(byCursor).toEqual(byNumber);
    // A cursor is no key into another institution's list: the scope still decides.
    if (first.next_cursor) expectFailure(await call("otherAdmin", "GET", url(`&page=2&cursor=${encodeURIComponent(first.next_cursor)}`)), 404, "ERROR_030");
    expectFailure(await call("admin", "GET", url("&page=2&cursor=not-a-cursor")), 400, "ERROR_056", "cursor");
  });

  it("never answers 500 to malformed bodies and ids", async () => {
    const patient = await create();
    const bodies: unknown[] = [null, [], "text", 42, { first_name: 5 }, { contact_info: "x" }, { contact_info: { city: -1 } }, { staff: "1" }, { birthdate: "01/02/1950" }, { first_name: "\u0000" }, { email: "a@b.c".repeat(100) }];
    for (const body of bodies) {
      for (const [method, url] of [["POST", "/api/patients/"], ["PATCH", `/api/patients/${patient.id}/`]] as const) {
        const response = await call("admin", method, url, body);
        expect(response.statusCode, `${method} ${JSON.stringify(body)}: ${response.body}`).toBe(400);
      }
    }
    for (const id of ["0", "-1", "1.5", "abc", "99999999999", "2147483648"]) {
      expect((await call("admin", "GET", `/api/patients/${id}/`)).statusCode, id).toBe(400);
    }
  });
});
