// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createContentDownload } from "../../../adapters/exercises/index.ts";
import { TemplatesPage } from "./templates-page.tsx";
import { failure, renderInSelection, userOf, useSignedInApp } from "./exercises.test-helper.tsx";

// Two administrators edit one template (issue 19, "Concurrent edits"): the second save is refused
// (412), the template is read again, the panel shows what changed, and the name and levels as the
// person left them stay until a choice is made.
const currentApp = useSignedInApp();
const STALE = { code: "ERROR_056", message: "Someone else changed this record since you opened it", detail: { field: "version" }, id: "y" };
const limits = { max_challenges: 10, max_amount_trials: 3, max_repetitions_per_day: 4, min_repetitions_per_day: 1, unlimited: true };
const institutionGames = [
  {
    id: 3,
    type: "naming",
    name: "Picture naming",
    levels: [
      { difficulty: "easy", content_url: "/api/content/naming/easy.json", configuration: limits },
      { difficulty: "hard", content_url: "/api/content/naming/hard.json", configuration: limits },
    ],
  },
];
const game = { id: 3, type: "naming", name: "Picture naming" };
const easy = { difficulty: "easy", amount_challenges: 2, amount_trials: 1, min_repetitions_per_day: 1, max_repetitions_per_day: 2, unlimited: false };
const hard = { ...easy, difficulty: "hard", amount_challenges: 5 };
const templateOf = (name: string, forms: unknown[], version: number) => ({
  id: 1,
  name,
  institution: 2,
  games: forms.length === 0 ? [] : [{ game, forms }],
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  version,
});
const opened = templateOf("Starter", [easy], 1);
// A colleague renamed it and added the hard level, after the editor was opened.
const theirs = templateOf("Starter basics", [easy, hard], 2);
const admin = userOf("institution_admin", { game: ["list", "create", "update", "duplicate", "clear_content", "list_configurations", "assign_game"], institution: ["retrieve"] });

/** The colleague's save lands just before the first PUT arrives; a PUT naming a stale version is refused. */
const serve = () => {
  let stored: ReturnType<typeof templateOf> = opened;
  let written = false;
  currentApp().harness.server.script((request) => {
    if (request.url === "/api/institutions/2/games/") return { status: 200, json: institutionGames };
    if (request.url === "/api/exercise-templates/" && request.method === "GET") return { status: 200, json: [stored] };
    if (request.url === "/api/exercise-templates/1/" && request.method === "GET") return { status: 200, json: stored };
    if (request.url === "/api/exercise-templates/1/" && request.method === "PUT") {
      if (!written) stored = theirs;
      written = true;
      if (request.headers["if-match"] !== `"${stored.version}"`) return { status: 412, json: STALE };
      const body = request.body as { name: string; games: Array<{ forms: unknown[] }> };
      stored = templateOf(body.name, body.games[0]?.forms ?? [], stored.version + 1);
      return { status: 200, json: stored };
    }
    return { status: 404, json: failure };
  });
};

const puts = () => currentApp().harness.server.requests.filter((request) => request.method === "PUT");
const dialog = () => screen.getByRole("dialog", { name: "Edit Starter" });
const nameBox = () => within(dialog()).getByRole<HTMLInputElement>("textbox", { name: /Template name/ });
const levelBox = (level: string) => within(within(dialog()).getByRole("group", { name: "Picture naming levels" })).getByRole<HTMLInputElement>("checkbox", { name: level });
const tableRows = () =>
  within(screen.getByRole("alert", { name: "Someone else changed this record" }))
    .getAllByRole("row")
    .map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));

const openEditor = async () => {
  serve();
  renderInSelection(currentApp(), "/exercises", <TemplatesPage user={admin} download={createContentDownload({ apiOrigin: currentApp().harness.server.baseUrl })} />);
  fireEvent.click(await screen.findByRole("button", { name: "Edit Starter" }));
  await screen.findByRole("dialog", { name: "Edit Starter" });
};
const save = () => {
  fireEvent.click(within(dialog()).getByRole("button", { name: "Save template" }));
  return screen.findByRole("heading", { name: "Someone else changed this record" });
};
const renameAndSave = async () => {
  await openEditor();
  fireEvent.change(nameBox(), { target: { value: "Starter drills" } });
  return await save();
};

describe("a template someone else changed while it was being edited", () => {
  it("sends the version it was opened on, then shows their name and yours, keeps the draft and focuses the panel", async () => {
    const heading = await renameAndSave();
    expect(puts().map((request) => request.headers["if-match"])).toEqual(['"1"']);
    expect(tableRows()).toEqual([
      ["Field", "Their value", "Your value"],
      ["Template name", "Starter basics", "Starter drills"],
    ]);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(nameBox().value).toBe("Starter drills");
    expect(levelBox("Hard level").checked).toBe(false);
  });

  it("lists the games and forms when the person changed the levels, worded as the list words them", async () => {
    await openEditor();
    fireEvent.click(levelBox("Easy level"));
    fireEvent.click(levelBox("Hard level"));
    await save();
    expect(tableRows()).toEqual([
      ["Field", "Their value", "Your value"],
      ["Games and forms", "Picture naming: Easy level, Hard level", "Picture naming: Hard level"],
    ]);
  });

  it("Save mine again sends the new name naming the stored version, and keeps the level they added", async () => {
    await renameAndSave();
    fireEvent.click(screen.getByRole("button", { name: "Save mine again" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(puts().map((request) => request.headers["if-match"])).toEqual(['"1"', '"2"']);
    expect(puts()[1]?.body).toEqual({ name: "Starter drills", games: [{ game: 3, forms: [easy, hard] }] });
    expect(await screen.findByText("“Starter drills” saved.", { selector: "[role=status]" })).toBeTruthy();
  });

  it("Show their version drops the draft, fills the fields from the stored template and hands focus back to the name", async () => {
    await renameAndSave();
    fireEvent.click(screen.getByRole("button", { name: "Show their version" }));
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Someone else changed this record" })).toBeNull());
    expect(nameBox().value).toBe("Starter basics");
    expect(levelBox("Hard level").checked).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(nameBox()));
    expect(puts()).toHaveLength(1);
  });
});
