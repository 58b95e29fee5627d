// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { currentUserWire } from "../../../adapters/shared/fixtures.test-helper.ts";
import { LAST_ADMINISTRATOR_REASON } from "../../../domain/administrators/last-administrator.ts";
import { AdministratorId } from "../../../domain/shared/ids.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { AdministratorDetailPage } from "./administrator-detail-page.tsx";

// /admins/{id} (issue 21): the status actions are confirmed naming the person, and the
// institution's last active administrator cannot be deactivated or deleted, with the reason shown.
const currentApp = useSignedInApp();
const institutionAdmin = Schema.decodeUnknownSync(CurrentUser)({
  ...currentUserWire,
  role: { id: 2, title: "Institution administrator", code_name: "institution_admin" },
  permissions: { institution: ["retrieve"], administrator: ["list", "retrieve", "create", "partial_update", "activate", "inactivate", "delete"] },
});
const record = (overrides: Record<string, unknown>) => ({
  id: 31,
  first_name: "Rosa",
  last_name: "Diaz",
  email: "rosa@riverside.org",
  status: "active",
  groups: [],
  role: { id: 2, title: "Institution administrator", code_name: "institution_admin" },
  phone: null,
  institution: 2,
  created_at: "2026-03-04T10:00:00.000Z",
  invitation: null,
  last_active_administrator: false,
  version: 3,
  ...overrides,
});
const notScripted = { status: 404, json: { code: "ERROR_001", message: "not scripted", detail: null, id: "t" } };

const serve = (stored: ReturnType<typeof record>) => {
  let current = stored;
  currentApp().harness.server.script((request) => {
    if (request.url === "/api/administrators/31/" && request.method === "GET") return { status: 200, json: current };
    if (request.url === "/api/administrators/31/inactivate/" && request.method === "PUT") {
      current = { ...current, status: "archived", version: current.version + 1 };
      return { status: 200, json: current };
    }
    if (request.url === "/api/administrators/31/" && request.method === "PATCH") {
      return { status: 400, json: { code: "ERROR_031", message: "The email already exists", detail: { field: "email" }, id: "t" } };
    }
    return notScripted;
  });
};

const open = async (stored: ReturnType<typeof record>) => {
  serve(stored);
  renderAt(currentApp(), "/admins/31", <AdministratorDetailPage id={AdministratorId.make(31)} user={institutionAdmin} />);
  return screen.findByRole("heading", { level: 1, name: "Rosa Diaz" });
};

const writes = () => currentApp().harness.server.requests.filter((request) => request.method !== "GET");

describe("an administrator's record", () => {
  it("holds back Deactivate for the institution's last active administrator, with the reason beside it", async () => {
    await open(record({ last_active_administrator: true }));
    const deactivate = screen.getByRole("button", { name: "Deactivate" });
    expect(deactivate.hasAttribute("disabled") || deactivate.getAttribute("aria-disabled") === "true").toBe(true);
    expect(screen.getByText(LAST_ADMINISTRATOR_REASON)).toBeTruthy();
    const reason = document.getElementById(deactivate.getAttribute("aria-describedby") ?? "");
    expect(reason?.textContent).toBe(LAST_ADMINISTRATOR_REASON);
    fireEvent.click(deactivate);
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(writes()).toHaveLength(0);
  });

  // Issue 31: only accepting the invitation activates a pending administrator, so Activate waits for it.
  it.each([
    ["open", false],
    ["expired", false],
    ["used", true],
  ] as const)("on a pending administrator whose invitation is %s, offers Activate: %s", async (state, offered) => {
    await open(record({ status: "pending", invitation: { state, invited_by: null, sent_at: "2026-03-04T10:00:00.000Z", expires_at: "2026-03-07T10:00:00.000Z" } }));
    expect(screen.getByRole("button", { name: "Deactivate" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Activate" }) !== null).toBe(offered);
  });

  it("asks before deactivating, naming the person, then sends the version it showed and shows the new status", async () => {
    await open(record({}));
    expect(screen.queryByText(LAST_ADMINISTRATOR_REASON)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Deactivate" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Deactivate Rosa Diaz?" });
    expect(writes()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    await waitFor(() => expect(writes().map((request) => [request.method, request.url, request.headers["if-match"]])).toEqual([["PUT", "/api/administrators/31/inactivate/", '"3"']]));
    expect(await screen.findByText("Inactive")).toBeTruthy();
  });

  it("sends the e-mail of a pending administrator only when it changed, and shows the server's refusal on the field", async () => {
    await open(record({ status: "pending", last_active_administrator: false }));
    fireEvent.click(screen.getByRole("button", { name: "Edit" }));
    fireEvent.change(screen.getByRole("textbox", { name: /^First name/ }), { target: { value: "Rosalind" } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]?.body).toEqual({ first_name: "Rosalind", last_name: "Diaz" });

    const email = screen.getByRole<HTMLInputElement>("textbox", { name: /^Email/ });
    fireEvent.change(email, { target: { value: "rosa.diaz@riverside.org" } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(writes()).toHaveLength(2));
    expect(writes()[1]?.body).toEqual({ first_name: "Rosalind", last_name: "Diaz", email: "rosa.diaz@riverside.org" });
    await waitFor(() => expect(email.getAttribute("aria-invalid")).toBe("true"));
    const said = (email.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent ?? "").join(" ");
    expect(said).toContain("The email already exists");
  });
});
