// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { createContentDownload } from "../../../adapters/exercises/index.ts";
import type { RecordedRequest, ScriptedAnswer } from "../../../adapters/shared/test-server.test-helper.ts";
import { ExercisesPageByRole } from "./exercises-page-by-role.tsx";
import { TemplatesPage } from "./templates-page.tsx";
import { catalogueWire, failure, renderInSelection, userOf, useSignedInApp } from "./exercises.test-helper.tsx";

const currentApp = useSignedInApp();

const limits = { max_challenges: 10, max_amount_trials: 3, max_repetitions_per_day: 4, min_repetitions_per_day: 1, unlimited: true };
const institutionGames = [
  {
    id: 3,
    type: "naming",
    name: "Picture naming",
    levels: [
      { difficulty: "easy", content_url: "/api/content/naming/easy.json", configuration: limits },
      { difficulty: "hard", content_url: "/api/content/naming/hard.json", configuration: { ...limits, max_challenges: 20, unlimited: false } },
    ],
  },
];
const form = { difficulty: "easy", amount_challenges: 2, amount_trials: 1, min_repetitions_per_day: 1, max_repetitions_per_day: 2, unlimited: false };
const templateOf = (id: number, name: string, games: unknown[] = [{ game: { id: 3, type: "naming", name: "Picture naming" }, forms: [form] }]) => ({
  id,
  name,
  institution: 2,
  games,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  version: 1,
});
const platformTemplate = { ...templateOf(9, "Platform basics"), institution: null };

const admin = userOf("institution_admin", {
  game: ["list", "create", "update", "duplicate", "clear_content", "list_configurations", "assign_game"],
  institution: ["retrieve"],
});

type Writes = { readonly write?: (request: RecordedRequest) => ScriptedAnswer | undefined };
const serve = ({ write }: Writes = {}) => {
  currentApp().harness.server.script((request) => {
    const written = request.method === "GET" ? undefined : write?.(request);
    if (written !== undefined) return written;
    if (request.url === "/api/institutions/2/games/") return { status: 200, json: institutionGames };
    if (request.url === "/api/games/") return { status: 200, json: catalogueWire };
    if (request.url === "/api/exercise-templates/") return { status: 200, json: [templateOf(1, "Starter"), platformTemplate] };
    return { status: 404, json: failure };
  });
};
const writes = () => currentApp().harness.server.requests.filter((request) => request.method !== "GET");

const download = () => createContentDownload({ apiOrigin: currentApp().harness.server.baseUrl });
const renderPage = (user = admin) => renderInSelection(currentApp(), "/exercises", <TemplatesPage user={user} download={download()} />);
const status = (text: string) => screen.findByText(text, { selector: "[role=status]" });

describe("the templates page", () => {
  it("lists the institution's levels with their limits in a labelled table", async () => {
    serve();
    renderPage();
    const table = await screen.findByRole("table", { name: "Levels and their limits" });
    const hard = within(table).getAllByRole("row").find((row) => row.textContent?.includes("Hard level"));
    expect(hard?.textContent).toContain("20");
    expect(hard?.textContent).toContain("1–4");
    expect(hard?.textContent).toContain("Not allowed");
    expect(screen.getByRole("region", { name: "Levels and their limits" }).tabIndex).toBe(0);
  });

  it("lists the templates with their games, and offers no change of a platform template to an institution admin", async () => {
    serve();
    renderPage();
    const table = await screen.findByRole("table", { name: "Templates" });
    expect(within(table).getByRole("rowheader", { name: "Starter" })).toBeTruthy();
    expect(table.textContent).toContain("Picture naming: Easy level");
    expect(screen.getByRole("button", { name: "Edit Starter" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Edit Platform basics" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Clear content of Platform basics" })).toBeNull();
    expect(screen.getByRole("button", { name: "Duplicate Platform basics" })).toBeTruthy();
  });

  it("creates a template: the name rules under the field, then the levels ticked at their file's full dose", async () => {
    serve({ write: (request) => (request.url === "/api/exercise-templates/" ? { status: 201, json: templateOf(2, "Naming drills") } : undefined) });
    renderPage();
    await screen.findByRole("table", { name: "Levels and their limits" });
    const create = await screen.findByRole("button", { name: "Create template" });
    create.focus();
    fireEvent.click(create);
    const dialog = await screen.findByRole("dialog", { name: "New template" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create template" }));
    const name = within(dialog).getByRole("textbox", { name: /Template name/ });
    await waitFor(() => expect(dialog.textContent).toContain("Configuration name is required"));
    expect(document.activeElement).toBe(name);
    fireEvent.change(name, { target: { value: "N" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create template" }));
    await waitFor(() => expect(dialog.textContent).toContain("Configuration name must be at least 2 characters"));
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(writes()).toEqual([]);

    fireEvent.change(name, { target: { value: " Naming drills " } });
    fireEvent.click(within(within(dialog).getByRole("group", { name: "Picture naming levels" })).getByRole("checkbox", { name: "Hard level" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Create template" }));
    await status("“Naming drills” created.");
    expect(writes().map((request) => request.body)).toEqual([
      {
        name: "Naming drills",
        games: [{ game: 3, forms: [{ difficulty: "hard", amount_challenges: 20, amount_trials: 3, min_repetitions_per_day: 1, max_repetitions_per_day: 4, unlimited: false }] }],
      },
    ]);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(create));
  });

  it("shows the server's name refusal under the field", async () => {
    serve({
      write: () => ({ status: 400, json: { code: "ERROR_031", message: "The name already exists", detail: { field: "name" }, id: "x" } }),
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Edit Starter" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Starter" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Save template" }));
    await waitFor(() => expect(dialog.textContent).toContain("The name already exists"));
    expect(writes()[0]?.method).toBe("PUT");
    expect(writes()[0]?.url).toBe("/api/exercise-templates/1/");
  });

  it("duplicates a template and says what was added", async () => {
    serve({ write: (request) => (request.url === "/api/exercise-templates/1/duplicate/" ? { status: 201, json: templateOf(3, "Starter (copy)") } : undefined) });
    renderPage();
    const duplicate = await screen.findByRole("button", { name: "Duplicate Starter" });
    duplicate.focus();
    fireEvent.click(duplicate);
    await status("“Starter (copy)” added, a copy of “Starter”.");
    expect(writes().map((request) => `${request.method} ${request.url}`)).toEqual(["POST /api/exercise-templates/1/duplicate/"]);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Duplicate Starter" }));
  });

  it("assigns a template from its row: choosing it is the selection /create/assign/ needs, no game ticked", async () => {
    serve();
    const location = renderPage();
    const assign = await screen.findByRole("button", { name: "Assign Starter" });
    expect(screen.getByRole("button", { name: "Assign Platform basics" })).toBeTruthy();
    fireEvent.click(assign);
    await waitFor(() => expect(location.history.at(-1)).toBe("/create/assign"));
    expect(writes()).toEqual([]);
  });

  it("offers no Assign on a template with nothing in it", async () => {
    currentApp().harness.server.script((request) => {
      if (request.url === "/api/institutions/2/games/") return { status: 200, json: institutionGames };
      if (request.url === "/api/games/") return { status: 200, json: catalogueWire };
      if (request.url === "/api/exercise-templates/") return { status: 200, json: [templateOf(1, "Starter"), templateOf(2, "Empty", [])] };
      return { status: 404, json: failure };
    });
    renderPage();
    await screen.findByRole("button", { name: "Assign Starter" });
    expect(screen.queryByRole("button", { name: "Assign Empty" })).toBeNull();
  });

  it("clears a template's content only after the confirmation", async () => {
    serve({ write: (request) => (request.url === "/api/exercise-templates/1/clear/" ? { status: 200, json: templateOf(1, "Starter", []) } : undefined) });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Clear content of Starter" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Clear the content of Starter?" });
    expect(writes()).toEqual([]);
    fireEvent.click(within(dialog).getByRole("button", { name: "Clear content" }));
    await status("“Starter” cleared: it keeps its name and has no games.");
    expect(writes().map((request) => `${request.method} ${request.url}`)).toEqual(["PUT /api/exercise-templates/1/clear/"]);
  });

  it("shows the super admin, of no institution, the catalogue's levels and lets them change platform templates", async () => {
    serve();
    const superAdmin = userOf("super_admin", { game: ["list", "create", "update", "duplicate", "clear_content", "list_configurations"] }, null);
    renderPage(superAdmin);
    const table = await screen.findByRole("table", { name: "Levels and their limits" });
    expect(within(table).getAllByRole("rowheader").map((cell) => cell.textContent)).toEqual(["Picture naming", "Picture naming", "Parrot"]);
    expect(table.textContent).toContain("Not listed");
    expect(await screen.findByRole("button", { name: "Edit Platform basics" })).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Games" })).toBeNull();
    expect(currentApp().harness.server.requests.some((request) => request.url.startsWith("/api/institutions/"))).toBe(false);
  });

  it("has nothing serious for axe", async () => {
    serve();
    renderPage();
    await screen.findByRole("table", { name: "Templates" });
    const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});

describe("/exercises by role", () => {
  it("gives institution admins and super admins the templates page, everyone else the exercises page", async () => {
    serve();
    renderInSelection(currentApp(), "/exercises", <ExercisesPageByRole user={admin} download={download()} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Exercise templates" })).toBeTruthy();
  });

  it("gives SLPs the plain exercises page", async () => {
    serve();
    renderInSelection(currentApp(), "/exercises", <ExercisesPageByRole user={userOf("staff", { game: ["list"] })} download={download()} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Exercises" })).toBeTruthy();
    expect(await screen.findByRole("heading", { name: "Picture naming" })).toBeTruthy();
    expect(screen.queryByRole("table", { name: "Templates" })).toBeNull();
  });
});
