// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { currentUserWire } from "../../../adapters/shared/fixtures.test-helper.ts";
import { permissionsForRole } from "../../../domain/shared/permissions/permissions-for-role.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { StaffCreatePage } from "./staff-create-page.tsx";
import { StaffListPage } from "./staff-list-page.tsx";

// The SLPs list and the invite form against the scripted server.
const currentApp = useSignedInApp();
const admin = Schema.decodeUnknownSync(CurrentUser)({
  ...currentUserWire,
  role: { id: 2, title: "Institution admin", code_name: "institution_admin" },
  permissions: permissionsForRole("institution_admin"),
});

const row = (id: number, first: string, status: string, invitation: object | null = null) => ({
  id,
  first_name: first,
  last_name: "Lane",
  email: `${first.toLowerCase()}.lane.of.the.long.address@clinic.org`,
  status,
  created_at: "2026-01-05T10:00:00.000Z",
  invitation,
  version: 1,
});

describe("/staff", () => {
  it("lists SLPs ten a page with their status, the invitation's state for a pending one, and the date added", async () => {
    const invitation = { state: "expired", invited_by: null, sent_at: "2026-01-01T10:00:00Z", expires_at: "2026-01-04T10:00:00Z" };
    currentApp().harness.server.script(() => ({ status: 200, json: { current_page: 1, total_pages: 2, count: 12, results: [row(7, "Sam", "active"), row(8, "Kim", "pending", invitation)] } }));
    renderAt(currentApp(), "/staff", <StaffListPage user={admin} />);
    const table = await screen.findByRole("table", { name: "SLPs" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(within(rows[1] as HTMLElement).getByText("Invitation expired")).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByRole("link", { name: "Sam Lane" }).getAttribute("href")).toBe("/staff/7");
    expect(within(rows[0] as HTMLElement).getByText("01/05/2026")).toBeTruthy();
    expect(screen.getByRole("link", { name: "New SLP" }).getAttribute("href")).toBe("/create/staff");
    expect(currentApp().harness.server.requests[0]?.url).toBe("/api/staff/?page=1&page_size=10");
  });
});

describe("/create/staff", () => {
  const fill = () => {
    fireEvent.change(screen.getByRole("textbox", { name: /First name/ }), { target: { value: "Kim" } });
    fireEvent.change(screen.getByRole("textbox", { name: /Last name/ }), { target: { value: "Lane" } });
    fireEvent.change(screen.getByRole("textbox", { name: /Email/ }), { target: { value: "kim@clinic.org" } });
    fireEvent.click(screen.getByRole("button", { name: "Send invitation" }));
  };

  it("shows a taken address on the email field (ERROR_031) and keeps what was typed", async () => {
    currentApp().harness.server.script((request) => request.method === "GET" ? { status: 200, json: [] } : ({ status: 400, json: { code: "ERROR_031", message: "The email already exists", detail: { field: "email" }, id: "x" } }));
    renderAt(currentApp(), "/create/staff", <StaffCreatePage />);
    fill();
    await waitFor(() => expect(screen.getByRole("textbox", { name: /Email/ }).getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("The email already exists")).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: /First name/ }).value).toBe("Kim");
  });

  it("invites the SLP with the staff role and opens their record", async () => {
    currentApp().harness.server.script((request) => request.method === "GET" ? { status: 200, json: [] } : ({
      status: 201,
      json: {
        ...row(9, "Kim", "pending"),
        email: "kim@clinic.org",
        groups: [],
        role: { id: 3, title: "SLP", code_name: "staff" },
        contact_info: { address_1: null, address_2: null, city: null, state: null, country: null, zip_code: null, phone: null },
        caseload: { patients: 0, active_patients: 0 },
      },
    }));
    const location = renderAt(currentApp(), "/create/staff", <StaffCreatePage />);
    fill();
    await waitFor(() => expect(location.history.at(-1)).toBe("/staff/9"));
    expect(currentApp().harness.server.requests.find((request) => request.method === "POST")?.body).toMatchObject({ first_name: "Kim", last_name: "Lane", email: "kim@clinic.org", role: "staff" });
  });
});
