// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { describe, expect, it, vi } from "vitest";
import type { AuditFilterValues } from "../../../domain/audit/audit-view.ts";
import { errorBody } from "../../../adapters/shared/test-server.test-helper.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { AuditFiltersForm } from "./audit-filters-form.tsx";

// The audit log's filters (issue 38): person and patient picked by name against the scripted
// server (GET audit/people/, the patients list's search and a patient's record), their ids what
// is applied; an id from the address shown by name; a name that names no one kept and said so.
const currentApp = useSignedInApp();

const ada = { id: 31, name: "Ada Lee", role: "staff", deleted: false };
const patient = (id: number, first: string, last: string) => ({
  id,
  first_name: first,
  last_name: last,
  email: `${first.toLowerCase()}@example.org`,
  birthdate: "1950-04-02",
  status: "active",
  reviewed_status: "pending",
  staff: null,
  created_at: "2026-01-01T10:00:00.000Z",
  version: 1,
});
const PATIENTS = [patient(44, "Ann", "Patient"), patient(45, "Annie", "Other")];

const serve = () =>
  currentApp().harness.server.script((request) => {
    const url = new URL(request.url, "http://test");
    if (url.pathname === "/api/audit/people/") {
      const search = (url.searchParams.get("search") ?? "").toLowerCase();
      const user = url.searchParams.get("user");
      const results = [ada].filter((person) => (user === null ? person.name.toLowerCase().includes(search) : String(person.id) === user));
      return { status: 200, json: { results } };
    }
    if (url.pathname === "/api/patients/") {
      const search = (url.searchParams.get("search") ?? "").toLowerCase();
      const results = PATIENTS.filter((row) => `${row.first_name} ${row.last_name}`.toLowerCase().includes(search));
      return { status: 200, json: { current_page: 1, total_pages: 1, count: results.length, results } };
    }
    const one = /^\/api\/patients\/(\d+)\/$/.exec(url.pathname);
    const found = PATIENTS.find((row) => String(row.id) === one?.[1]);
    if (found !== undefined) return { status: 200, json: { ...found, gender: "female", contact_info: { address_1: null, address_2: null, city: null, state: null, country: null, zip_code: null, phone: null } } };
    return { status: 404, json: errorBody("ERROR_001", "not scripted") };
  });

const render = (filters: AuditFilterValues, patientFilter = true) => {
  const onApply = vi.fn<(filters: AuditFilterValues) => void>();
  renderAt(currentApp(), "/audit", <AuditFiltersForm filters={filters} patientFilter={patientFilter} onApply={onApply} />);
  return onApply;
};
const field = (name: string) => screen.findByRole<HTMLInputElement>("combobox", { name }, { timeout: 5000 });
// Leaving the field (as Tab to the button does) closes its list; then Apply.
const apply = () => {
  act(() => (document.activeElement as HTMLElement | null)?.blur());
  fireEvent.click(screen.getByRole("button", { name: "Apply filters" }));
};
const typeInto = async (name: string, text: string) => {
  const input = await field(name);
  act(() => input.focus());
  fireEvent.change(input, { target: { value: text } });
  return input;
};

describe("the audit log's person and patient filters", () => {
  it("picks the patient by typing part of the name and choosing them; their id is applied", async () => {
    serve();
    const onApply = render({});
    const input = await typeInto("Patient", "ann p");
    fireEvent.click(await screen.findByRole("option", { name: "Ann Patient (patient 44)" }, { timeout: 5000 }));
    await waitFor(() => expect(input.value).toBe("Ann Patient (patient 44)"));
    apply();
    await waitFor(() => expect(onApply).toHaveBeenCalledWith({ patient: 44 }));
    // The patients list's own search was asked, not a second patient search.
    expect(currentApp().harness.server.requests.some((request) => request.url.startsWith("/api/patients/?") && request.url.includes("search=ann"))).toBe(true);
  }, 20_000);

  it("picks a patient by number too, and a person by name", async () => {
    serve();
    const onApply = render({});
    await typeInto("Patient", "45");
    fireEvent.click(await screen.findByRole("option", { name: "Annie Other (patient 45)" }, { timeout: 5000 }));
    await typeInto("Person", "ada");
    fireEvent.click(await screen.findByRole("option", { name: "Ada Lee (SLP)" }, { timeout: 5000 }));
    apply();
    await waitFor(() => expect(onApply).toHaveBeenCalledWith({ user: 31, patient: 45 }));
  }, 20_000);

  it("shows the names of the person and patient the address names by id, their numbers until the names arrive, and applies the same ids", async () => {
    serve();
    const onApply = render({ user: 31, patient: 44 });
    const person = await field("Person");
    const patientField = await field("Patient");
    await waitFor(() => expect(person.value).toBe("Ada Lee (SLP)"), { timeout: 5000 });
    await waitFor(() => expect(patientField.value).toBe("Ann Patient (patient 44)"), { timeout: 5000 });
    apply();
    await waitFor(() => expect(onApply).toHaveBeenCalledWith({ user: 31, patient: 44 }));
  }, 20_000);

  it("keeps a name that matches no one, says so under its field and applies nothing", async () => {
    serve();
    const onApply = render({});
    const input = await typeInto("Person", "Zed");
    // The list says so while the field still has the focus: the server was asked and found no one.
    await screen.findByText("No person matches", {}, { timeout: 5000 });
    expect(currentApp().harness.server.requests.some((request) => request.url.includes("/api/audit/people/?search=Zed"))).toBe(true);
    apply();
    await waitFor(() => expect(input.getAttribute("aria-invalid")).toBe("true"));
    const described = (input.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent ?? "");
    expect(described).toContain("No person chosen for “Zed”: type part of a name and choose one from the list");
    expect(input.value).toBe("Zed");
    expect(onApply).not.toHaveBeenCalled();
    // Editing a chosen one's name unchooses them: the field never shows one person while filtering on another.
    await typeInto("Person", "ada");
    fireEvent.click(await screen.findByRole("option", { name: "Ada Lee (SLP)" }, { timeout: 5000 }));
    await waitFor(() => expect(input.value).toBe("Ada Lee (SLP)"));
    fireEvent.change(input, { target: { value: "Ada Le" } });
    apply();
    await waitFor(() => expect(input.getAttribute("aria-invalid")).toBe("true"));
    expect(onApply).not.toHaveBeenCalled();
  }, 20_000);

  it("has no patient filter for a viewer who may not list patients (the super administrator), and axe finds nothing", async () => {
    serve();
    render({}, false);
    await field("Person");
    expect(screen.queryByRole("combobox", { name: "Patient" })).toBeNull();
    // jsdom gives <search> no role: the element itself, as the e2e flow finds it by role in Chromium.
    const search = document.querySelector<HTMLElement>("search[aria-label='Filter the audit log']");
    if (search === null) throw new Error("no filters");
    expect(within(search).queryByRole("textbox", { name: /^Patient/ })).toBeNull();
    const results = await axe.run(search, { rules: { "color-contrast": { enabled: false } } });
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  }, 20_000);
});
