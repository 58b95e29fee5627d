import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DRIVERS } from "../../db/test-database.ts";
import { API_KEY_HEADER } from "../../test-app.test-helper.ts";
import { type PatientsWorld, patientsWorld } from "../../clinic-world.test-helper.ts";

// What the patient form's pickers read: GET places/ (country, state, city) and GET staff/ (the
// assigned SLP), with their access rules and scope.
type Place = { id: number; name: string; code2: string | null; alternate_names: string[] };
type StaffPage = { count: number; total_pages: number; current_page: number; results: Array<{ id: number; email: string; status: string; created_at: string }> };

describe.each(TEST_DRIVERS)("the patient form's lookups on %s", (driver) => {
  let world: PatientsWorld;

  beforeAll(async () => {
    world = await patientsWorld(driver, "lookups");
  }, 180_000);
  afterAll(() => world?.t.close());

  const places = async (query: string, who: keyof PatientsWorld["headers"] = "slp"): Promise<Place[]> => {
    const response = await world.t.app.inject({ url: `/api/places/?${query}`, headers: world.headers[who] });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Place[];
  };

  it("lists countries (at most 50, by name), a country's states and a state's cities, for anyone signed in", async () => {
    const countries = await places("kind=country");
    expect(countries).toHaveLength(50);
    const folded = countries.map((place) => place.name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase());
    expect(folded).toEqual([...folded].sort());
    const usa = (await places("kind=country&search=united%20st"))[0];
    expect(usa).toMatchObject({ name: "United States", code2: "US" });
    expect((await places("kind=country&search=usa", "superAdmin")).map((place) => place.name)).toContain("United States");
    const states = await places(`kind=state&parent=${usa?.id ?? 0}&search=mass`);
    expect(states.map((place) => place.name)).toEqual(["Massachusetts"]);
    const cities = await places(`kind=city&parent=${states[0]?.id ?? 0}`);
    expect(cities.map((place) => place.name)).toContain("Boston");
    // Accents and case aside, alternate names too.
    expect((await places("kind=city&search=MUNCHEN")).map((place) => place.name)).toEqual(["Munich"]);
    expect((await places("kind=state&search=bayern")).map((place) => place.name)).toEqual(["Bavaria"]);
    expect(await places("kind=city&search=%25")).toEqual([]);
  });

  it("refuses a missing or unknown kind and a bad parent with 400, and callers not signed in with 401", async () => {
    for (const query of ["", "kind=planet", "kind=city&parent=0", "kind=city&parent=x"]) {
      const response = await world.t.app.inject({ url: `/api/places/?${query}`, headers: world.headers.slp });
      expect(response.statusCode, query).toBe(400);
    }
    expect((await world.t.app.inject({ url: "/api/places/?kind=country", headers: API_KEY_HEADER })).statusCode).toBe(401);
  });

  it("lists the caller's institution's staff for administrators, paged and searchable; SLPs and the platform admin get 403", async () => {
    const response = await world.t.app.inject({ url: "/api/staff/?page_size=100", headers: world.headers.admin });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as StaffPage;
    expect(page.results.map((row) => row.id).sort()).toEqual([world.slpStaffId, world.otherSlpStaffId].sort());
    expect(page.count).toBe(2);
    expect(page.results.some((row) => row.id === world.foreignStaffId)).toBe(false);
    const found = (await world.t.app.inject({ url: "/api/staff/?search=SLP2.LOOKUPS", headers: world.headers.staffAdmin })).json() as StaffPage;
    expect(found.results.map((row) => row.id)).toEqual([world.otherSlpStaffId]);
    const paged = (await world.t.app.inject({ url: "/api/staff/?page_size=1&page=2", headers: world.headers.admin })).json() as StaffPage;
    expect(paged).toMatchObject({ current_page: 2, total_pages: 2, count: 2 });
    expect(paged.results).toHaveLength(1);
    const other = (await world.t.app.inject({ url: "/api/staff/", headers: world.headers.otherAdmin })).json() as StaffPage;
    expect(other.results.map((row) => row.id)).toEqual([world.foreignStaffId]);
    expect((await world.t.app.inject({ url: "/api/staff/", headers: world.headers.slp })).statusCode).toBe(403);
    expect((await world.t.app.inject({ url: "/api/staff/", headers: world.headers.superAdmin })).statusCode).toBe(403);
    expect((await world.t.app.inject({ url: "/api/staff/?page=0", headers: world.headers.admin })).statusCode).toBe(400);
  });
});
