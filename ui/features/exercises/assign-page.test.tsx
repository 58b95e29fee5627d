// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import * as Schema from "effect/Schema";
import { useEffect } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { currentUserWire } from "../../../adapters/shared/fixtures.test-helper.ts";
import type { ScriptedAnswer } from "../../../adapters/shared/test-server.test-helper.ts";
import { ExerciseTemplateId, GameId, PatientId } from "../../../domain/shared/ids.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";
import type { GameSelectionEvent } from "../../../machines/exercises/game-selection.machine.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { clearToasts, toastQueue } from "../../feedback/toast-queue.ts";
import { AssignPage } from "./assign-page.tsx";
import { GameSelectionProvider, useGameSelection } from "../../game-selection/game-selection-provider.tsx";

const currentApp = useSignedInApp();
const user = Schema.decodeUnknownSync(CurrentUser)(currentUserWire);
const failure = { code: "ERROR_001", message: "An error occurred", detail: null, id: "x" };

const NAMING = GameId.make(1);
const PARROT = GameId.make(2);
const catalogue = [
  { id: 1, type: "naming", name: "Naming", levels_available: ["easy", "medium"] },
  { id: 2, type: "parrot", name: "Parrot", levels_available: ["easy"] },
];
const limits = { max_challenges: 10, max_amount_trials: 3, min_repetitions_per_day: 1, max_repetitions_per_day: 5, unlimited: false };
const institutionGames = catalogue.map((game) => ({
  id: game.id,
  type: game.type,
  name: game.name,
  levels: game.levels_available.map((difficulty) => ({ difficulty, content_url: `/api/content/${game.type}/${difficulty}.json`, configuration: limits })),
}));
const patientRow = (id: number, first: string) => ({
  id,
  first_name: first,
  last_name: "Tester",
  email: `${first.toLowerCase()}@example.org`,
  birthdate: "1950-01-01",
  status: "active",
  reviewed_status: "pending",
  staff: null,
  created_at: "2026-01-01T10:00:00.000Z",
  version: 1,
});
const patients = [patientRow(41, "Ada"), patientRow(42, "Ben"), patientRow(43, "Cy")];
const patientRecord = (row: ReturnType<typeof patientRow>) => ({
  ...row,
  gender: "female",
  contact_info: { address_1: null, address_2: null, city: null, state: null, country: null, zip_code: null, phone: null },
});

const template = {
  id: 5,
  name: "Aphasia starter",
  institution: 2,
  games: [{ game: { id: 2, type: "parrot", name: "Parrot" }, forms: [{ difficulty: "easy", amount_challenges: 3, amount_trials: 1, min_repetitions_per_day: 1, max_repetitions_per_day: 2, unlimited: false }] }],
  created_at: "2026-01-01T10:00:00.000Z",
  updated_at: "2026-01-01T10:00:00.000Z",
  version: 1,
};
const admin = Schema.decodeUnknownSync(CurrentUser)({
  ...currentUserWire,
  role: { id: 2, title: "Institution admin", code_name: "institution_admin" },
  permissions: { patient: ["list", "retrieve", "assign_game"], game: ["list", "retrieve", "assign_game", "create", "update", "duplicate", "clear_content"] },
});

const assigned = { patients: 2, levels_created: 3, levels_updated: 1, patient_ids: [41, 43] };
const serve = (assign: () => ScriptedAnswer = () => ({ status: 200, json: assigned }), more: { readonly templates?: readonly unknown[]; readonly rows?: readonly unknown[] } = {}) => {
  const rows = more.rows ?? patients;
  currentApp().harness.server.script((request) => {
    if (request.method === "GET" && request.url.startsWith("/api/exercise-templates/")) return { status: 200, json: more.templates ?? [template] };
    if (request.method === "POST" && request.url === "/api/exercise-templates/") return { status: 201, json: { ...template, id: 6, name: (request.body as { name: string }).name } };
    if (request.url === "/api/games/") return { status: 200, json: catalogue };
    if (request.url === "/api/institutions/2/games/") return { status: 200, json: institutionGames };
    if (request.url.startsWith("/api/patients/?")) return { status: 200, json: { current_page: 1, total_pages: 1, count: rows.length, results: rows } };
    if (request.url === "/api/patients/41/") return { status: 200, json: patientRecord(patientRow(41, "Ada")) };
    if (request.url === "/api/patients/44/") return { status: 200, json: patientRecord({ ...patientRow(44, "Dee"), status: "inactive" }) };
    if (request.method === "POST" && request.url === "/api/assignments/") return assign();
    return { status: 404, json: failure };
  });
};
const posted = () => currentApp().harness.server.requests.filter((r) => r.method === "POST" && r.url === "/api/assignments/").map((r) => r.body);

/** Picks games (and a patient) in the shared selection before the page reads it, as /exercises would. */
function Picked({ events }: { readonly events: readonly GameSelectionEvent[] }) {
  const actor = useGameSelection();
  useEffect(() => {
    for (const event of events) actor.send(event);
  }, [actor, events]);
  return null;
}

const loaded: GameSelectionEvent = {
  type: "games.loaded",
  games: [
    { id: NAMING, levelsAvailable: ["easy", "medium"] },
    { id: PARROT, levelsAvailable: ["easy"] },
  ],
};
const renderPage = (events: readonly GameSelectionEvent[], viewer = user) =>
  renderAt(
    currentApp(),
    "/create/assign",
    <GameSelectionProvider>
      <Picked events={events} />
      <AssignPage user={viewer} />
    </GameSelectionProvider>,
  );

const fill = (form: HTMLElement, label: string, text: string) => fireEvent.change(within(form).getByRole("textbox", { name: label }), { target: { value: text } });
const fillDoses = (form: HTMLElement) => {
  fill(form, "Challenges", "5");
  fill(form, "Trials", "2");
  fill(form, "Minimum repetitions per day", "1");
  fill(form, "Maximum repetitions per day", "3");
};

// Picking games, levels and many patients by keyboard is a long walk of React Aria events: 10 s alone,
// over 20 s on a busy 2-core machine, so these tests get a minute.
/** Chooses a saved template from "Start from a template" (the browser's own <select>) once the templates have loaded. */
const chooseTemplate = async (name: string) => {
  const select = await screen.findByRole<HTMLSelectElement>("combobox", { name: "Start from a template" });
  const option = await within(select).findByRole<HTMLOptionElement>("option", { name });
  fireEvent.change(select, { target: { value: option.value } });
  expect(select.selectedOptions[0]?.textContent).toBe(name);
};

describe("the assign page", { timeout: 60_000 }, () => {
  afterEach(() => clearToasts());
  it("names each dose to fix and the missing patients, and sends nothing", async () => {
    serve();
    renderPage([loaded, { type: "game.toggle", gameId: NAMING }, { type: "assign.start" }]);
    const form = await screen.findByRole("group", { name: "Naming" });
    await screen.findByText("1 to 10");
    fill(form, "Trials", "4");
    fireEvent.click(screen.getByRole("button", { name: "Assign to 0 patients" }));
    expect(await within(form).findByText("The number of challenges is required")).toBeTruthy();
    expect(within(form).getByText("The number of trials must be between 1 and 3")).toBeTruthy();
    expect(screen.getByText("Choose at least one patient")).toBeTruthy();
    expect(posted()).toEqual([]);
  });

  it("puts the focus on the first field to fix, tied to its message, not on the Assign button; then on the patient search", async () => {
    serve();
    renderPage([loaded, { type: "game.toggle", gameId: NAMING }, { type: "assign.start" }]);
    const form = await screen.findByRole("group", { name: "Naming" });
    await screen.findByText("1 to 10");
    const assign = screen.getByRole("button", { name: "Assign to 0 patients" });
    assign.focus();
    fireEvent.click(assign);
    const challenges = within(form).getByRole("textbox", { name: "Challenges" });
    await waitFor(() => expect(document.activeElement).toBe(challenges));
    expect(challenges.getAttribute("aria-invalid")).toBe("true");
    const message = within(form).getByText("The number of challenges is required");
    expect(challenges.getAttribute("aria-describedby")?.split(" ")).toContain(message.id);

    // The doses fixed, only the patients are missing: the search where choosing starts takes the focus.
    fillDoses(form);
    assign.focus();
    fireEvent.click(assign);
    const search = screen.getByRole("searchbox", { name: "Search patients" });
    await waitFor(() => expect(document.activeElement).toBe(search));
    expect(search.getAttribute("aria-invalid")).toBe("true");
    expect(search.getAttribute("aria-describedby")?.split(" ")).toContain(screen.getByText("Choose at least one patient").id);
    expect(posted()).toEqual([]);
  });

  it("assigns the picked games with their forms to the chosen patients in one call", async () => {
    serve();
    const location = renderPage([loaded, { type: "game.toggle", gameId: NAMING }, { type: "game.toggle", gameId: PARROT }, { type: "assign.start" }]);
    const naming = await screen.findByRole("group", { name: "Naming" });
    fillDoses(naming);
    fireEvent.click(screen.getByRole("button", { name: "Add another level of Naming" }));
    const second = await screen.findByRole("group", { name: "Naming, level 2 of 2" });
    fillDoses(second);
    fillDoses(screen.getByRole("group", { name: "Parrot" }));
    fireEvent.click(await screen.findByRole("checkbox", { name: "Ada Tester (ada@example.org)" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Cy Tester (cy@example.org)" }));
    fireEvent.click(screen.getByRole("button", { name: "Assign to 2 patients" }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    const dose = { amount_challenges: 5, amount_trials: 2, min_repetitions_per_day: 1, max_repetitions_per_day: 3, unlimited: false };
    expect(posted()[0]).toEqual({
      patients: [41, 43],
      games: [
        { game: 1, forms: [{ difficulty: "easy", ...dose }, { difficulty: "medium", ...dose }] },
        { game: 2, forms: [{ difficulty: "easy", ...dose }] },
      ],
    });
    await waitFor(() => expect(location.history?.at(-1)).toBe("/patients"));
    // The compact answer still says what was assigned.
    expect(toastQueue.visibleToasts.map((toast) => toast.content)).toContainEqual(
      expect.objectContaining({ title: "Exercises assigned to 2 patients", description: "3 new exercise levels and 1 updated exercise level in all." }),
    );
    // The same words in the polite live region, for a screen reader.
    await waitFor(() => expect(document.querySelector("[aria-live='polite']")?.textContent).toContain("Exercises assigned to 2 patients. 3 new exercise levels"));
  });

  it("keeps everything and says why when the server refuses", async () => {
    serve(() => ({ status: 400, json: { code: "ERROR_056", message: "The field is not valid", detail: { field: "games.0.forms.0.amount_trials" }, id: "y" } }));
    renderPage([loaded, { type: "game.toggle", gameId: PARROT }, { type: "assign.start" }]);
    fillDoses(await screen.findByRole("group", { name: "Parrot" }));
    fireEvent.click(await screen.findByRole("checkbox", { name: "Ben Tester (ben@example.org)" }));
    fireEvent.click(screen.getByRole("button", { name: "Assign to 1 patient" }));
    expect(await screen.findByText("The field is not valid")).toBeTruthy();
    expect((within(screen.getByRole("group", { name: "Parrot" })).getByRole("textbox", { name: "Challenges" }) as HTMLInputElement).value).toBe("5");
  });

  it("assigns to the one patient whose record started it", async () => {
    serve();
    renderPage([loaded, { type: "patient.assignIndividually", patientId: PatientId.make(41) }, { type: "game.toggle", gameId: PARROT }, { type: "assign.start" }]);
    expect(await screen.findByText("Ada Tester")).toBeTruthy();
    expect(screen.queryByRole("searchbox")).toBeNull();
    fillDoses(screen.getByRole("group", { name: "Parrot" }));
    fireEvent.click(screen.getByRole("button", { name: "Assign" }));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toMatchObject({ patients: [41] });
  });

  it("lets an admin assign a saved template as it is", async () => {
    serve();
    renderPage([loaded, { type: "game.toggle", gameId: NAMING }, { type: "assign.start" }], admin);
    await chooseTemplate("Aphasia starter");
    expect(await screen.findByRole("list", { name: "What Aphasia starter assigns" })).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Naming" })).toBeNull();
    fireEvent.click(await screen.findByRole("checkbox", { name: "Ben Tester (ben@example.org)" }));
    fireEvent.click(screen.getByRole("button", { name: "Assign to 1 patient" }));
    await waitFor(() => expect(posted()).toEqual([{ patients: [42], template: 5 }]));
  });

  it("assigns a template chosen on the templates page without any game picked, and says so", async () => {
    serve();
    renderPage([loaded, { type: "template.choose", template: { id: ExerciseTemplateId.make(5), name: "Aphasia starter", gameCount: 1 } }, { type: "assign.start" }], admin);
    expect(await screen.findByText(/Assigning the template “Aphasia starter” as it is\./)).toBeTruthy();
    expect(await screen.findByRole("list", { name: "What Aphasia starter assigns" })).toBeTruthy();
    fireEvent.click(await screen.findByRole("checkbox", { name: "Ada Tester (ada@example.org)" }));
    fireEvent.click(screen.getByRole("button", { name: "Assign to 1 patient" }));
    await waitFor(() => expect(posted()).toEqual([{ patients: [41], template: 5 }]));
  });

  it("keeps the forms as a named template, refusing a name too short", async () => {
    serve();
    renderPage([loaded, { type: "game.toggle", gameId: PARROT }, { type: "assign.start" }], admin);
    fillDoses(await screen.findByRole("group", { name: "Parrot" }));
    fireEvent.change(screen.getByRole("textbox", { name: "Template name" }), { target: { value: "A" } });
    fireEvent.click(screen.getByRole("button", { name: "Save as template" }));
    expect(await screen.findByText("Configuration name must be at least 2 characters")).toBeTruthy();
    fireEvent.change(screen.getByRole("textbox", { name: "Template name" }), { target: { value: "Parrot daily" } });
    fireEvent.click(screen.getByRole("button", { name: "Save as template" }));
    const saved = () => currentApp().harness.server.requests.filter((r) => r.method === "POST" && r.url === "/api/exercise-templates/").map((r) => r.body);
    await waitFor(() => expect(saved()).toHaveLength(1));
    expect(saved()[0]).toEqual({ name: "Parrot daily", games: [{ game: 2, forms: [{ difficulty: "easy", amount_challenges: 5, amount_trials: 2, min_repetitions_per_day: 1, max_repetitions_per_day: 3, unlimited: false }] }] });
  });

  it("finds patients with the patients list's filters: status and review go into the list call", async () => {
    serve();
    renderPage([loaded, { type: "game.toggle", gameId: PARROT }, { type: "assign.start" }]);
    await screen.findByRole("checkbox", { name: "Ada Tester (ada@example.org)" });
    fireEvent.click(within(screen.getByRole("group", { name: "Review" })).getByRole("checkbox", { name: /pending/i }));
    const lists = () => currentApp().harness.server.requests.filter((r) => r.url.startsWith("/api/patients/?")).map((r) => new URL(r.url, "http://test").searchParams);
    await waitFor(() => expect(lists().some((query) => query.getAll("reviewed").includes("false") && query.getAll("status").includes("active"))).toBe(true));
  });

  it("offers only patients who may receive new exercises: no Inactive status, and the list asks for active and pending ones", async () => {
    // An inactive row the server would still send (a stale filter) is not offered either.
    serve(undefined, { rows: [...patients, { ...patientRow(44, "Dee"), status: "inactive" }] });
    renderPage([loaded, { type: "game.toggle", gameId: PARROT }, { type: "assign.start" }]);
    await screen.findByRole("checkbox", { name: "Ada Tester (ada@example.org)" });
    expect(screen.queryByRole("checkbox", { name: "Dee Tester (dee@example.org)" })).toBeNull();
    expect(screen.getByText(/Inactive patients are not listed/)).toBeTruthy();
    const status = screen.getByRole("group", { name: "Status" });
    expect(within(status).getAllByRole("checkbox")).toHaveLength(2);
    expect(within(status).getByRole("checkbox", { name: "Active" })).toBeTruthy();
    expect(within(status).getByRole("checkbox", { name: "Pending" })).toBeTruthy();
    expect(within(status).queryByRole("checkbox", { name: /inactive/i })).toBeNull();
    // Unticking Active leaves no status: the call still asks only for the assignable ones.
    fireEvent.click(within(status).getByRole("checkbox", { name: "Active" }));
    const lists = () => currentApp().harness.server.requests.filter((r) => r.url.startsWith("/api/patients/?")).map((r) => new URL(r.url, "http://test").searchParams.getAll("status"));
    await waitFor(() => expect(lists()).toContainEqual(["active", "pending"]));
    expect(lists().every((statuses) => statuses.length > 0 && !statuses.includes("inactive"))).toBe(true);
  });

  it("says why an inactive patient whose record started it gets no new exercises, and sends nothing", async () => {
    serve();
    renderPage([loaded, { type: "patient.assignIndividually", patientId: PatientId.make(44) }, { type: "game.toggle", gameId: PARROT }, { type: "assign.start" }]);
    expect(await screen.findByText("No new exercises: the patient is inactive. Past sessions can still be reviewed.")).toBeTruthy();
    fillDoses(screen.getByRole("group", { name: "Parrot" }));
    const assign = screen.getByRole("button", { name: "Assign" });
    expect(assign.getAttribute("data-disabled") ?? assign.getAttribute("disabled")).not.toBeNull();
    fireEvent.click(assign);
    expect(posted()).toEqual([]);
  });

  it("checks the cap before sending: patients × levels over 2,000 says how many patients fit, and sends nothing", async () => {
    // A template of 50 games at three levels: 150 levels a patient, so 13 patients fit and 14 do not.
    const big = {
      ...template,
      games: Array.from({ length: 50 }, (_, index) => ({
        game: { id: 100 + index, type: "naming", name: `Game ${index}` },
        forms: ["easy", "medium", "hard"].map((difficulty) => ({ difficulty, amount_challenges: 1, amount_trials: 1, min_repetitions_per_day: 1, max_repetitions_per_day: 2, unlimited: false })),
      })),
    };
    const many = Array.from({ length: 14 }, (_, index) => patientRow(60 + index, `P${index}`));
    serve(undefined, { templates: [big], rows: many });
    renderPage([loaded, { type: "game.toggle", gameId: NAMING }, { type: "assign.start" }], admin);
    await chooseTemplate("Aphasia starter");
    for (const row of many) fireEvent.click(await screen.findByRole("checkbox", { name: `${row.first_name} Tester (${row.email})` }));
    fireEvent.click(screen.getByRole("button", { name: "Assign to 14 patients" }));
    expect(
      await screen.findByText("This assigns 2,100 exercise levels (patients × levels); one assignment holds at most 2,000. Choose at most 13 patients, or fewer levels, and assign the rest in another go."),
    ).toBeTruthy();
    expect(posted()).toEqual([]);
    // One patient fewer is within the cap and goes.
    fireEvent.click(screen.getByRole("checkbox", { name: "P13 Tester (p13@example.org)" }));
    fireEvent.click(screen.getByRole("button", { name: "Assign to 13 patients" }));
    await waitFor(() => expect(posted()).toHaveLength(1));
  });
});
