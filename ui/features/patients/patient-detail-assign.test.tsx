// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { currentUserWire } from "../../../adapters/shared/fixtures.test-helper.ts";
import { PatientId } from "../../../domain/shared/ids.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { GameSelectionProvider } from "../../game-selection/game-selection-provider.tsx";
import { PatientDetailPage } from "./patient-detail-page.tsx";

// The patient record's "Assign exercises" action (issue 19 B): offered for an active or pending
// patient, disabled with the reason beside it for a discharged (inactive) one.
const currentApp = useSignedInApp();
const failure = { code: "ERROR_001", message: "An error occurred", detail: null, id: "x" };
const slp = Schema.decodeUnknownSync(CurrentUser)({
  ...currentUserWire,
  permissions: { patient: ["list", "retrieve", "assign_game"], game: ["list", "retrieve", "assign_game"] },
});
const record = (id: number, status: string) => ({
  id,
  first_name: "Dee",
  last_name: "Tester",
  email: "dee@example.org",
  birthdate: "1950-01-01",
  gender: "female",
  status,
  reviewed_status: "pending",
  staff: null,
  created_at: "2026-01-01T10:00:00.000Z",
  contact_info: { address_1: null, address_2: null, city: null, state: null, country: null, zip_code: null, phone: null },
  version: 1,
});

const serve = (status: string) =>
  currentApp().harness.server.script((request) => {
    if (request.url === "/api/patients/44/") return { status: 200, json: record(44, status) };
    if (request.url === "/api/patients/44/game-levels/") return { status: 200, json: [] };
    return { status: 404, json: failure };
  });
const renderRecord = () =>
  renderAt(
    currentApp(),
    "/patient/44",
    <GameSelectionProvider>
      <PatientDetailPage id={PatientId.make(44)} user={slp} />
    </GameSelectionProvider>,
  );
const REASON = "No new exercises: the patient is inactive. Past sessions can still be reviewed.";

describe("the patient record's Assign exercises action", () => {
  it("is disabled for an inactive patient, with the reason beside it and named by it", async () => {
    serve("inactive");
    const location = renderRecord();
    const button = await screen.findByRole("button", { name: "Assign exercises" });
    expect(button.hasAttribute("disabled")).toBe(true);
    const reason = screen.getByText(REASON);
    expect(button.getAttribute("aria-describedby")).toBe(reason.id);
    fireEvent.click(button);
    expect(location.history?.at(-1)).toBe("/patient/44");
  });

  it.each(["active", "pending"])("starts an assignment for a %s patient", async (status) => {
    serve(status);
    const location = renderRecord();
    const button = await screen.findByRole("button", { name: "Assign exercises" });
    expect(button.hasAttribute("disabled")).toBe(false);
    expect(screen.queryByText(REASON)).toBeNull();
    fireEvent.click(button);
    await waitFor(() => expect(location.history?.at(-1)).toBe("/exercises"));
  });
});
