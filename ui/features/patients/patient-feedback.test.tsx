// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { clearAnnouncer } from "@react-aria/live-announcer";
import * as Schema from "effect/Schema";
import { afterEach, describe, expect, it } from "vitest";
import { currentUserWire } from "../../../adapters/shared/fixtures.test-helper.ts";
import { PatientId } from "../../../domain/shared/ids.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { clearToasts, toastQueue } from "../../feedback/toast-queue.ts";
import { GameSelectionProvider } from "../../game-selection/game-selection-provider.tsx";
import { PatientDetailPage } from "./patient-detail-page.tsx";

// The patient record's feedback and focus (issue 23): a pending patient is offered only what the
// status rules allow; a status change is confirmed by a toast and a polite announcement, and the
// focus, whose Deactivate button is gone, lands on the page heading; an edit with nothing changed
// says so; a refused edit puts the focus on the field to fix.
const currentApp = useSignedInApp();
const failure = { code: "ERROR_001", message: "An error occurred", detail: null, id: "x" };
const admin = Schema.decodeUnknownSync(CurrentUser)({
  ...currentUserWire,
  permissions: { patient: ["list", "retrieve", "partial_update", "activate", "inactivate", "delete"] },
});
const record = (status: string, version = 1) => ({
  id: 44,
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
  version,
});

const serve = (status: string) => {
  let stored = record(status);
  currentApp().harness.server.script((request) => {
    if (request.url === "/api/patients/44/" && request.method === "GET") return { status: 200, json: stored };
    if (request.url === "/api/patients/44/inactivate/" && request.method === "PUT") {
      stored = record("inactive", stored.version + 1);
      return { status: 200, json: stored };
    }
    if (request.url.startsWith("/api/patients/44/game-levels/")) return { status: 200, json: [] };
    return { status: 404, json: failure };
  });
};
const renderPage = () => renderAt(currentApp(), "/patient/44", <GameSelectionProvider><PatientDetailPage id={PatientId.make(44)} user={admin} /></GameSelectionProvider>);
const polite = () => document.querySelector("[aria-live='polite']")?.textContent ?? "";
const toastTitles = () => toastQueue.visibleToasts.map((toast) => toast.content.title);
const writes = () => currentApp().harness.server.requests.filter((request) => request.method !== "GET");

afterEach(() => {
  act(() => clearToasts());
  clearAnnouncer("polite");
});

describe("the patient record's feedback and focus", () => {
  it("offers a pending patient Activate and Delete, never Deactivate beside Activate", async () => {
    serve("pending");
    renderPage();
    await screen.findByRole("heading", { level: 1, name: "Dee Tester" });
    expect(await screen.findByRole("button", { name: "Activate" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Delete" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Deactivate" })).toBeNull();
  });

  it("confirms Deactivate by toast and announcement, and the focus goes to the heading as the button is gone", async () => {
    serve("active");
    renderPage();
    const deactivate = await screen.findByRole("button", { name: "Deactivate" });
    act(() => deactivate.focus());
    fireEvent.click(deactivate);
    const dialog = await screen.findByRole("alertdialog", { name: "Deactivate Dee Tester?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Deactivate" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(await screen.findByRole("button", { name: "Activate" })).toBeTruthy();
    await waitFor(() => expect(toastTitles()).toEqual(["Dee Tester is inactive"]));
    await waitFor(() => expect(polite()).toContain("Dee Tester is inactive"));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { level: 1, name: "Dee Tester" })));
  });

  it("an edit saved with nothing changed says Nothing changed and sends nothing; a refused edit focuses the field to fix", async () => {
    serve("active");
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Edit" }));
    const first = await screen.findByRole("textbox", { name: /First name/ });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(toastTitles()).toEqual(["Nothing changed"]));
    await waitFor(() => expect(polite()).toContain("Nothing changed"));
    expect(writes()).toEqual([]);

    fireEvent.change(first, { target: { value: "" } });
    const save = screen.getByRole("button", { name: "Save changes" });
    act(() => save.focus());
    fireEvent.click(save);
    await waitFor(() => expect(document.activeElement).toBe(first));
    expect(first.getAttribute("aria-invalid")).toBe("true");
    const described = (first.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent ?? "");
    expect(described.some((text) => /first name/i.test(text))).toBe(true);
    expect(writes()).toEqual([]);
  });
});
