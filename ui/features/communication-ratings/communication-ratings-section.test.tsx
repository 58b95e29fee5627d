// @vitest-environment jsdom
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { clearAnnouncer } from "@react-aria/live-announcer";
import axe from "axe-core";
import { afterEach, describe, expect, it } from "vitest";
import { currentUserWire } from "../../../adapters/shared/fixtures.test-helper.ts";
import { errorBody } from "../../../adapters/shared/test-server.test-helper.ts";
import { RATING_MESSAGES } from "../../../domain/communication-ratings/rating-check.ts";
import { PatientId } from "../../../domain/shared/ids.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { clearToasts, toastQueue } from "../../feedback/toast-queue.ts";
import { CommunicationRatingsSection } from "./communication-ratings-section.tsx";

// "Communication ratings" on the patient record (issue 37) against the scripted server: each
// scale's latest level and its change in words, and a new rating by keyboard, checked before it is
// sent, then saved and confirmed.
const currentApp = useSignedInApp();
const URL = "/api/patients/44/communication-ratings/";
const rater = { id: 12, first_name: "Sophie", last_name: "Speech" };
const rating = (id: number, scale: string, level: number, occasion: string, ratedOn: string) => ({
  id,
  patient_id: 44,
  scale,
  level,
  occasion,
  rated_on: ratedOn,
  rated_by: rater,
  recorded_at: `${ratedOn}T15:00:00Z`,
});
const stored = [rating(1, "memory", 3, "evaluation", "2026-01-05"), rating(2, "reading", 6, "evaluation", "2026-01-05"), rating(3, "memory", 5, "report", "2026-02-20")];
const slp = { ...currentUserWire, permissions: { patient: ["list", "retrieve"], goals: ["list", "retrieve", "create", "update"] } };
const reader = { ...currentUserWire, permissions: { patient: ["list", "retrieve"], goals: ["list", "retrieve"] } };

const serve = (user: unknown) => {
  const ratings = [...stored];
  currentApp().harness.server.script((request) => {
    if (request.url === "/api/users/12/") return { status: 200, json: user };
    if (request.method === "GET" && request.url === URL) return { status: 200, json: { today: "2026-03-01", time_zone: "UTC", ratings } };
    if (request.method === "POST" && request.url === URL) {
      const body = request.body as { occasion: string; rated_on: string; levels: Record<string, number> };
      const written = Object.entries(body.levels).map(([scale, level], index) => rating(10 + index, scale, level, body.occasion, body.rated_on));
      ratings.push(...written);
      return { status: 201, json: { ratings: written } };
    }
    return { status: 404, json: errorBody("ERROR_001", "not scripted") };
  });
};
const render = () => renderAt(currentApp(), "/patient/44", <CommunicationRatingsSection patientId={PatientId.make(44)} />);
const rowOf = (scale: string) => screen.getByRole("rowheader", { name: scale }).closest("tr") as HTMLElement;
const posts = () => currentApp().harness.server.requests.filter((request) => request.method === "POST");

afterEach(() => {
  act(() => clearToasts());
  clearAnnouncer("polite");
});

describe("the patient's communication ratings", () => {
  it("shows each of the eight scales with its latest level, when and by whom, and the change in words", async () => {
    serve(reader);
    render();
    expect(screen.getByRole("heading", { level: 2, name: "Communication ratings" })).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Latest level of each scale" });
    expect(within(table).getAllByRole("rowheader")).toHaveLength(8);
    expect(within(rowOf("Memory")).getByText("5 of 7: Needs help now and then")).toBeTruthy();
    expect(within(rowOf("Memory")).getByText("Feb 20, 2026, Progress report, by Sophie Speech")).toBeTruthy();
    expect(within(rowOf("Memory")).getByText("Up 2 levels since Jan 5, 2026")).toBeTruthy();
    expect(within(rowOf("Reading")).getByText("First rating")).toBeTruthy();
    expect(within(rowOf("Writing")).getByText("Not rated yet")).toBeTruthy();
    expect(within(rowOf("Writing")).getByText("Nothing to compare")).toBeTruthy();
    // Who may only read sees no form.
    expect(screen.queryByRole("group", { name: "Add a rating" })).toBeNull();
  });

  it("by keyboard: refuses a rating without an occasion or a scale on its fields, then saves one, confirms it and shows the change", async () => {
    serve(slp);
    render();
    const user = userEvent.setup();
    const form = await screen.findByRole("group", { name: "Add a rating" });
    within(form).getByRole("button", { name: "Save rating" }).focus();
    await user.keyboard("{Enter}");
    const occasion = within(form).getByRole("combobox", { name: "Occasion" });
    await waitFor(() => expect(document.activeElement).toBe(occasion));
    expect(within(form).getByText(RATING_MESSAGES.occasion)).toBeTruthy();
    expect(within(form).getByText(RATING_MESSAGES.levels)).toBeTruthy();
    expect(posts()).toEqual([]);

    await user.selectOptions(occasion, "Discharge");
    await user.selectOptions(within(form).getByRole("combobox", { name: "Memory" }), "4: Needs help about half the time");
    await user.selectOptions(within(form).getByRole("combobox", { name: "Writing" }), "7: Does it alone, no limits");
    within(form).getByRole("button", { name: "Save rating" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toEqual({ occasion: "discharge", rated_on: "2026-03-01", levels: { memory: 4, writing: 7 } });
    await waitFor(() => expect(toastQueue.visibleToasts.map((toast) => toast.content.title)).toEqual(["Rating saved: 2 scales, discharge"]));
    await waitFor(() => expect(within(rowOf("Memory")).getByText("Down 1 level since Feb 20, 2026")).toBeTruthy());
    expect(within(rowOf("Writing")).getByText("First rating")).toBeTruthy();
    // The form starts again empty for the next rating.
    expect((within(form).getByRole("combobox", { name: "Memory" }) as HTMLSelectElement).value).toBe("none");
  });

  it("has nothing serious for axe", async () => {
    serve(slp);
    render();
    await screen.findByRole("group", { name: "Add a rating" });
    const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
