// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { currentUserWire } from "../../../adapters/shared/fixtures.test-helper.ts";
import { permissionsForRole } from "../../../domain/shared/permissions/permissions-for-role.ts";
import type { RoleCode } from "../../../domain/shared/roles.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { StaffDetailPage } from "./staff-detail-page.tsx";

// An SLP's record against the scripted server: the real adapters, cache and router.
const currentApp = useSignedInApp();
const notFound = { code: "ERROR_001", message: "not scripted", detail: null, id: "x" };

const viewer = (role: RoleCode) =>
  Schema.decodeUnknownSync(CurrentUser)({ ...currentUserWire, role: { id: 2, title: role, code_name: role }, permissions: permissionsForRole(role) });

const member = (status: string, patients: number, invitation: { readonly state: string } | null = null) => ({
  id: 7,
  first_name: "Sam",
  last_name: "Ortiz",
  email: "sam.ortiz@clinic.org",
  status,
  created_at: "2026-01-05T10:00:00.000Z",
  invitation: invitation === null ? null : { invited_by: null, sent_at: "2026-01-05T10:00:00.000Z", expires_at: "2026-01-08T10:00:00.000Z", ...invitation },
  version: 4,
  groups: [],
  role: { id: 3, title: "Speech-language pathologist", code_name: "staff" },
  contact_info: { address_1: null, address_2: null, city: null, state: null, country: null, zip_code: null, phone: null },
  caseload: { patients, active_patients: patients },
});

const row = (id: number, first: string, status: string) => ({
  id,
  first_name: first,
  last_name: "Lane",
  email: `${first.toLowerCase()}@clinic.org`,
  status,
  created_at: "2026-01-01T10:00:00.000Z",
  invitation: null,
  version: 1,
});

/** The SLP (id 7) and the institution's SLPs; PUT inactivate and DELETE answer as the server would. */
const serve = (record: ReturnType<typeof member>, others: readonly ReturnType<typeof row>[]) =>
  currentApp().harness.server.script((request) => {
    const path = request.url.split("?")[0];
    if (request.method === "GET" && path === "/api/staff/7/") return { status: 200, json: record };
    if (request.method === "GET" && path === "/api/staff/") {
      const results = [row(7, "Sam", record.status), ...others];
      return { status: 200, json: { current_page: 1, total_pages: 1, count: results.length, results } };
    }
    if (request.method === "GET" && path?.startsWith("/api/patients/filtered-list-by-staff")) return { status: 200, json: { current_page: 1, total_pages: 1, count: 0, results: [] } };
    if (request.method === "PUT" && path === "/api/staff/7/inactivate/") return { status: 200, json: { ...record, status: "inactive", version: 5, caseload: { patients: 0, active_patients: 0 } } };
    if (request.method === "DELETE" && path === "/api/staff/7/") return { status: 204 };
    return { status: 404, json: notFound };
  });

const writes = () => currentApp().harness.server.requests.filter((request) => request.method !== "GET");

const open = async (role: RoleCode) => {
  const location = renderAt(currentApp(), "/staff/7", <StaffDetailPage id="7" user={viewer(role)} />);
  await screen.findByRole("heading", { level: 1, name: "Sam Ortiz" });
  return location;
};

describe("an SLP's record", () => {
  it("shows the profile, the caseload and the status", async () => {
    serve(member("active", 3), []);
    await open("institution_admin");
    const caseload = screen.getByRole("region", { name: "Caseload" });
    expect(within(caseload).getByText("Patients").nextElementSibling?.textContent).toBe("3");
    expect(screen.getByText("sam.ortiz@clinic.org")).toBeTruthy();
    expect(screen.getByText("Active")).toBeTruthy();
  });

  it("asks who takes over the patients before deactivating, refuses without a choice, then sends reassign_to", async () => {
    serve(member("active", 3), [row(8, "Kim", "active"), row(9, "Lou", "pending")]);
    await open("institution_admin");
    fireEvent.click(screen.getByRole("button", { name: "Deactivate" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Deactivate Sam Ortiz?" });
    expect(within(dialog).getByText(/Sam Ortiz has 3 patients/)).toBeTruthy();
    const picker = await within(dialog).findByRole<HTMLSelectElement>("combobox", { name: "Who takes over the 3 patients" });

    fireEvent.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    expect(await within(dialog).findByText("Choose the SLP who takes over Sam Ortiz's 3 patients.")).toBeTruthy();
    expect(picker.getAttribute("aria-invalid")).toBe("true");
    expect(picker.getAttribute("aria-describedby")?.split(" ").map((id) => document.getElementById(id)?.textContent)).toContain("Choose the SLP who takes over Sam Ortiz's 3 patients.");
    expect(writes()).toEqual([]);

    // Only the other active SLPs are offered: not Sam, not the pending Lou. The placeholder that
    // asks for a choice is there until one is made, and cannot be chosen itself.
    const options = within(picker).getAllByRole<HTMLOptionElement>("option");
    expect(options.map((option) => [option.textContent, option.disabled])).toEqual([
      ["Choose an active SLP", true],
      ["Kim Lane", false],
    ]);
    fireEvent.change(picker, { target: { value: within(picker).getByRole<HTMLOptionElement>("option", { name: "Kim Lane" }).value } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Deactivate" }));

    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(writes().map((request) => [request.method, request.url, request.headers["if-match"], request.body])).toEqual([
      ["PUT", "/api/staff/7/inactivate/", '"4"', { reassign_to: 8 }],
    ]);
    expect(await screen.findByText("Inactive")).toBeTruthy();
  });

  it("says the action cannot be done when no other SLP is active, and offers no way to confirm", async () => {
    serve(member("inactive", 2), [row(9, "Lou", "inactive")]);
    await open("institution_admin");
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete Sam Ortiz?" });
    expect(await within(dialog).findByText(/There is no other active SLP in the institution, so Sam Ortiz cannot be deleted now/)).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: "Delete" })).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(writes()).toEqual([]);
  });

  it("deletes an SLP without patients straight after the confirmation, then opens the list", async () => {
    serve(member("inactive", 0), []);
    const location = await open("institution_admin");
    fireEvent.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete Sam Ortiz?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/staff"));
    expect(writes().map((request) => [request.method, request.url, request.body])).toEqual([["DELETE", "/api/staff/7/", undefined]]);
  });

  // Issue 31: only accepting the invitation activates a pending SLP, so Activate waits for it.
  it("offers no Activate on a pending SLP whose invitation is not used yet", async () => {
    serve(member("pending", 0, { state: "open" }), []);
    await open("institution_admin");
    expect(screen.getByRole("button", { name: "Deactivate" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Activate" })).toBeNull();
  });

  it("offers Activate on a pending SLP who accepted their invitation", async () => {
    serve(member("pending", 0, { state: "used" }), []);
    await open("institution_admin");
    expect(screen.getByRole("button", { name: "Activate" })).toBeTruthy();
  });

  it("offers a staff administrator no delete, only what their role holds", async () => {
    serve(member("inactive", 0), []);
    await open("staff_admin");
    expect(screen.getByRole("button", { name: "Activate" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Delete" })).toBeNull();
    expect(screen.getByRole("button", { name: "Edit" })).toBeTruthy();
  });
});
