// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { currentUserWire } from "../../../adapters/shared/fixtures.test-helper.ts";
import { PatientId } from "../../../domain/shared/ids.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { GameSelectionProvider } from "../../game-selection/game-selection-provider.tsx";
import { PatientDetailPage } from "./patient-detail-page.tsx";

// Two people edit one patient (issue 19, "Concurrent edits"): the second save is refused (412),
// the panel shows what changed, and nothing typed is lost until a choice is made.
const currentApp = useSignedInApp();
const failure = { code: "ERROR_001", message: "An error occurred", detail: null, id: "x" };
const STALE = { code: "ERROR_056", message: "Someone else changed this record since you opened it", detail: { field: "version" }, id: "y" };
const slp = Schema.decodeUnknownSync(CurrentUser)({ ...currentUserWire, permissions: { patient: ["list", "retrieve", "partial_update"] } });
const record = (version: number, lastName: string, firstName = "Dee") => ({
  id: 44,
  first_name: firstName,
  last_name: lastName,
  email: "dee@example.org",
  birthdate: "1950-01-01",
  gender: "female",
  status: "active",
  reviewed_status: "pending",
  staff: null,
  created_at: "2026-01-01T10:00:00.000Z",
  contact_info: { address_1: null, address_2: null, city: null, state: null, country: null, zip_code: null, phone: null },
  version,
});

/** Version 1 until someone else saves version 2 ("Tester-Park") behind the page's back; a PATCH naming version 1 is refused. */
const serve = () => {
  let stored = record(1, "Tester");
  currentApp().harness.server.script((request) => {
    if (request.url === "/api/patients/44/" && request.method === "GET") {
      // The first read is the page's; by the time anyone reads again, the other save has landed.
      const answer = stored;
      stored = stored.version === 1 ? record(2, "Tester-Park") : stored;
      return { status: 200, json: answer };
    }
    if (request.url === "/api/patients/44/" && request.method === "PATCH") {
      if (request.headers["if-match"] !== `"${stored.version}"`) return { status: 412, json: STALE };
      const body = request.body as { first_name?: string; last_name?: string };
      stored = { ...stored, ...body, version: stored.version + 1 };
      return { status: 200, json: stored };
    }
    if (request.url.startsWith("/api/patients/44/game-levels/")) return { status: 200, json: [] };
    return { status: 404, json: failure };
  });
};

const openEditorAndType = async () => {
  serve();
  renderAt(currentApp(), "/patient/44", <GameSelectionProvider><PatientDetailPage id={PatientId.make(44)} user={slp} /></GameSelectionProvider>);
  fireEvent.click(await screen.findByRole("button", { name: "Edit" }));
  // The edit form is its own chunk (issue 23): it arrives a moment after Edit.
  fireEvent.change(await screen.findByRole("textbox", { name: /First name/ }), { target: { value: "Deirdre" } });
  fireEvent.change(screen.getByRole("textbox", { name: /Last name/ }), { target: { value: "Tester-Smith" } });
  fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
  return await screen.findByRole("heading", { name: "Someone else changed this record" });
};

const patches = () => currentApp().harness.server.requests.filter((request) => request.method === "PATCH");

describe("a patient someone else changed while it was being edited", () => {
  it("sends the version it started from, then shows their value and yours for each field you edited, with focus on the panel", async () => {
    const heading = await openEditorAndType();
    expect(patches().map((request) => [request.headers["if-match"], request.body])).toEqual([['"1"', { first_name: "Deirdre", last_name: "Tester-Smith" }]]);
    const panel = screen.getByRole("alert", { name: "Someone else changed this record" });
    const rows = within(panel).getAllByRole("row").map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ["Field", "Their value", "Your value"],
      ["First name", "Dee", "Deirdre"],
      ["Last name", "Tester-Park", "Tester-Smith"],
    ]);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // Nothing typed is lost while the choice is open.
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: /First name/ }).value).toBe("Deirdre");
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: /Last name/ }).value).toBe("Tester-Smith");
  });

  it("Save mine again sends the same changes naming the stored version, and the record is saved", async () => {
    await openEditorAndType();
    fireEvent.click(screen.getByRole("button", { name: "Save mine again" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Save changes" })).toBeNull());
    expect(patches().map((request) => request.headers["if-match"])).toEqual(['"1"', '"2"']);
    expect(patches()[1]?.body).toEqual({ first_name: "Deirdre", last_name: "Tester-Smith" });
    expect(await screen.findByRole("heading", { level: 1, name: "Deirdre Tester-Smith" })).toBeTruthy();
  });

  it("Show their version drops the draft, fills the form from the stored record and hands focus back to it", async () => {
    await openEditorAndType();
    fireEvent.click(screen.getByRole("button", { name: "Show their version" }));
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Someone else changed this record" })).toBeNull());
    const lastName = screen.getByRole<HTMLInputElement>("textbox", { name: /Last name/ });
    expect(lastName.value).toBe("Tester-Park");
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: /First name/ }).value).toBe("Dee");
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("textbox", { name: /First name/ })));
    expect(patches()).toHaveLength(1);
  });
});
