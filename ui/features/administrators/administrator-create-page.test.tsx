// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { currentUserWire } from "../../../adapters/shared/fixtures.test-helper.ts";
import { InstitutionId } from "../../../domain/shared/ids.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { AdministratorCreatePage } from "./administrator-create-page.tsx";
import { AdministratorsListPage } from "./administrators-list-page.tsx";

// /create/organization/{id}/admin and /admins (issue 21).
const currentApp = useSignedInApp();
const institutionAdmin = Schema.decodeUnknownSync(CurrentUser)({
  ...currentUserWire,
  role: { id: 2, title: "Institution administrator", code_name: "institution_admin" },
  permissions: { institution: ["retrieve"], administrator: ["list", "retrieve", "create", "partial_update", "activate", "inactivate", "delete"] },
});
const institution = { id: 2, name: "Riverside Clinic", allowed_domains: ["riverside.org"], description: "", games: [], time_zone: "America/New_York", rtm_supply_kind: null, version: 1 };
const pending = {
  id: 40,
  first_name: "Omar",
  last_name: "Haddad",
  email: "omar@riverside.org",
  status: "pending",
  groups: [],
  role: { id: 3, title: "Staff administrator", code_name: "staff_admin" },
  phone: null,
  institution: 2,
  created_at: "2026-03-04T10:00:00.000Z",
  invitation: { state: "open", invited_by: { first_name: "Ann", last_name: "Lee" }, sent_at: "2026-03-04T10:00:00.000Z", expires_at: "2026-03-07T10:00:00.000Z" },
  last_active_administrator: false,
  version: 1,
};
const posts = () => currentApp().harness.server.requests.filter((request) => request.method === "POST");
const said = (input: HTMLElement) => (input.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent ?? "").join(" ");

const fill = () => {
  fireEvent.change(screen.getByRole("textbox", { name: /^First name/ }), { target: { value: "Omar" } });
  fireEvent.change(screen.getByRole("textbox", { name: /^Last name/ }), { target: { value: "Haddad" } });
};

describe("inviting an administrator", () => {
  it("refuses an address outside the institution's allowed domains (ERROR_020) on the field, sending nothing", async () => {
    currentApp().harness.server.script((request) =>
      request.url === "/api/institutions/2/" ? { status: 200, json: institution } : { status: 404, json: { code: "ERROR_001", message: "x", detail: null, id: "t" } },
    );
    renderAt(currentApp(), "/create/organization/2/admin", <AdministratorCreatePage institutionId={InstitutionId.make(2)} user={institutionAdmin} />);
    await screen.findByText(/For Riverside Clinic/);
    fill();
    const email = screen.getByRole("textbox", { name: /^Email/ });
    fireEvent.change(email, { target: { value: "omar@gmail.com" } });
    fireEvent.click(screen.getByRole("button", { name: "Send invitation" }));
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    expect(said(email)).toContain("The email domain is not allowed");
    expect(posts()).toHaveLength(0);
  });

  it("shows the server's refusal on the field it names, and on success opens the new record", async () => {
    let refuse = true;
    currentApp().harness.server.script((request) => {
      if (request.url === "/api/institutions/2/") return { status: 200, json: institution };
      if (request.method === "POST" && refuse) {
        refuse = false;
        return { status: 400, json: { code: "ERROR_031", message: "The email already exists", detail: { field: "email" }, id: "t" } };
      }
      if (request.method === "POST") return { status: 201, json: pending };
      return { status: 404, json: { code: "ERROR_001", message: "x", detail: null, id: "t" } };
    });
    const location = renderAt(currentApp(), "/create/organization/2/admin", <AdministratorCreatePage institutionId={InstitutionId.make(2)} user={institutionAdmin} />);
    await screen.findByText(/For Riverside Clinic/);
    fill();
    const email = screen.getByRole("textbox", { name: /^Email/ });
    fireEvent.change(email, { target: { value: "omar@riverside.org" } });
    const role = screen.getByRole<HTMLSelectElement>("combobox", { name: "Role" });
    fireEvent.change(role, { target: { value: within(role).getByRole<HTMLOptionElement>("option", { name: "Staff administrator" }).value } });
    fireEvent.click(screen.getByRole("button", { name: "Send invitation" }));
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    expect(said(email)).toContain("The email already exists");
    expect(posts()[0]?.body).toEqual({ first_name: "Omar", last_name: "Haddad", email: "omar@riverside.org", institution: 2, role: "staff_admin" });

    fireEvent.change(email, { target: { value: "omar.h@riverside.org" } });
    fireEvent.click(screen.getByRole("button", { name: "Send invitation" }));
    await waitFor(() => expect(location.history.at(-1)).toBe("/admins/40"));
  });
});

describe("the administrators list", () => {
  it("lists the own institution's administrators five to a page, with the status, the invitation's state and the date added", async () => {
    currentApp().harness.server.script((request) =>
      request.url.startsWith("/api/administrators/")
        ? { status: 200, json: { current_page: 1, total_pages: 1, count: 1, results: [pending] } }
        : { status: 404, json: { code: "ERROR_001", message: "x", detail: null, id: "t" } },
    );
    renderAt(currentApp(), "/admins", <AdministratorsListPage user={institutionAdmin} />);
    const row = (await screen.findByRole("rowheader", { name: /Omar Haddad/ })).closest("tr");
    expect(row?.textContent).toContain("Pending");
    expect(row?.textContent).toContain("Invitation sent");
    expect(row?.textContent).toContain("03/04/2026");
    const asked = new URL(currentApp().harness.server.requests.find((request) => request.url.startsWith("/api/administrators/"))?.url ?? "", "http://x");
    expect(asked.searchParams.get("institution")).toBe("2");
    expect(asked.searchParams.get("page_size")).toBe("5");
    expect(screen.queryByRole("combobox", { name: /Institution/ })).toBeNull();
  });

  it("shows another institution as a clear page at once, never a nameless form (issue 31)", async () => {
    currentApp().harness.server.script(() => ({ status: 403, json: { code: "ERROR_001", message: "You do not have permission", detail: null, id: "t" } }));
    renderAt(currentApp(), "/create/organization/7/admin", <AdministratorCreatePage institutionId={InstitutionId.make(7)} user={institutionAdmin} />);
    const heading = await screen.findByRole("heading", { level: 1, name: "You don't have access to this institution" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.queryByRole("textbox", { name: /^First name/ })).toBeNull();
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    expect(screen.getByRole("link", { name: "Back to administrators" }).getAttribute("href")).toBe("/admins");
  });
});
