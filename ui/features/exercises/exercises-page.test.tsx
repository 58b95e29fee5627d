// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createContentDownload } from "../../../adapters/exercises/index.ts";
import { deferred, startContentServer, type ContentServer } from "../../../adapters/exercises/content-server.test-helper.ts";
import { ExercisesPage } from "./exercises-page.tsx";
import { catalogueWire, failure, renderInSelection, userOf, useSignedInApp } from "./exercises.test-helper.tsx";

const currentApp = useSignedInApp();
let content: ContentServer;
beforeEach(async () => {
  content = await startContentServer();
});
afterEach(async () => {
  await content.close();
});

const namingFile = {
  game_type: "naming",
  difficulty: "easy",
  configuration: { max_challenges: 5, max_amount_trials: 3, max_repetitions_per_day: 3, min_repetitions_per_day: 1, unlimited: true },
  items: ["apple", "cup"].map((object) => ({ object_name: object, image_url: `/api/media/image/object-${object}.svg` })),
};
const namingBytes = Buffer.from(JSON.stringify(namingFile), "utf8");

const slp = userOf("staff", { game: ["list", "assign_game"] });
const viewer = userOf("staff_admin", { game: ["list"] });

const limits = { max_challenges: 5, max_amount_trials: 3, max_repetitions_per_day: 3, min_repetitions_per_day: 1, unlimited: true };
/** The institution's games: the catalogue's, each level with its file (as the server answers them). */
const institutionGamesWire = catalogueWire.map(({ levels_available, ...game }) => ({
  ...game,
  levels: levels_available.map((difficulty) => ({ difficulty, content_url: `/api/content/${game.type}/${difficulty}.json`, configuration: limits })),
}));
const serveCatalogue = () =>
  currentApp().harness.server.script((request) => {
    if (request.url === "/api/institutions/2/games/") return { status: 200, json: institutionGamesWire };
    if (request.url === "/api/games/") return { status: 200, json: catalogueWire };
    return { status: 404, json: failure };
  });
const gameCalls = () => currentApp().harness.server.requests.map((request) => request.url);

const renderPage = (user = slp) => renderInSelection(currentApp(), "/exercises", <ExercisesPage user={user} download={createContentDownload({ apiOrigin: content.baseUrl })} />);

const button = (name: string | RegExp) => screen.getByRole("button", { name });
const status = (text: string | RegExp) => screen.findByText(text, { selector: "[role=status]" });

describe("the exercises page's selection", () => {
  it("counts the picked games and enables each control only when the machine takes its event", async () => {
    serveCatalogue();
    renderPage();
    const games = await screen.findByRole("group", { name: "Games" });
    const naming = within(games).getByRole("checkbox", { name: "Picture naming (Easy level, Medium level)" });
    await status("0 games selected");
    expect(button("Assign selected")).toHaveProperty("disabled", true);
    expect(button("Deselect all")).toHaveProperty("disabled", true);
    expect(button("Clear")).toHaveProperty("disabled", true);
    expect(button("Select all")).toHaveProperty("disabled", false);

    fireEvent.click(naming);
    await status("1 game selected");
    expect(naming).toHaveProperty("checked", true);
    expect(button("Assign selected")).toHaveProperty("disabled", false);
    expect(button("Deselect all")).toHaveProperty("disabled", false);

    const selectAll = button("Select all");
    selectAll.focus();
    fireEvent.click(selectAll);
    await status("2 games selected");
    expect(button("Select all")).toHaveProperty("disabled", true);
    // The pressed button is now disabled: the focus goes to the first box, not to the page's top.
    await waitFor(() => expect(document.activeElement).toBe(naming));
    expect(within(games).getByRole("checkbox", { name: "Parrot (Easy level)" })).toHaveProperty("checked", true);

    fireEvent.click(button("Deselect all"));
    await status("0 games selected");
    expect(button("Assign selected")).toHaveProperty("disabled", true);
  });

  it("sends the picked games to /create/assign", async () => {
    serveCatalogue();
    const location = renderPage();
    fireEvent.click(await screen.findByRole("checkbox", { name: /Parrot/ }));
    await status("1 game selected");
    fireEvent.click(button("Assign selected"));
    await waitFor(() => expect(location.history.at(-1)).toBe("/create/assign"));
  });

  it("lists the user's institution's games, and the catalogue for a user of no institution", async () => {
    serveCatalogue();
    renderPage(userOf("staff", { game: ["list"] }, null));
    await screen.findByRole("heading", { name: "Parrot" });
    expect(gameCalls()).toEqual(["/api/games/"]);
  });

  it("is not offered to those who may not assign games", async () => {
    serveCatalogue();
    renderPage(viewer);
    await screen.findByRole("heading", { name: "Picture naming" });
    expect(screen.queryByRole("group", { name: "Games" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Assign selected" })).toBeNull();
    expect(gameCalls()).toEqual(["/api/institutions/2/games/"]);
  });

  it("says why the games did not load and tries again", async () => {
    currentApp().harness.server.script(() => ({ status: 500, json: failure }));
    renderPage();
    await waitFor(() => expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContain("An error occurred"));
    serveCatalogue();
    fireEvent.click(button("Try again"));
    expect(await screen.findByRole("heading", { name: "Parrot" })).toBeTruthy();
  });
});

describe("a level's preview", () => {
  it("shows a labelled progress bar while the file downloads, then its items with text alternatives", async () => {
    serveCatalogue();
    const gate = deferred();
    content.serve(async (_request, response) => {
      response.writeHead(200, { "content-type": "application/json", "content-length": String(namingBytes.length) });
      response.write(namingBytes.subarray(0, 20));
      await gate.promise;
      response.end(namingBytes.subarray(20));
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Preview: Picture naming, Easy level" }));
    const bar = await screen.findByLabelText("Downloading Picture naming, Easy level");
    expect(bar.tagName).toBe("PROGRESS");
    await waitFor(() => expect(bar.getAttribute("value")).toBe("20"));
    expect(bar.getAttribute("max")).toBe(String(namingBytes.length));
    expect(document.activeElement).toBe(button("Cancel the Picture naming, Easy level download"));
    gate.resolve();
    const heading = await screen.findByRole("heading", { name: "Preview: Picture naming, Easy level" });
    expect(document.activeElement).toBe(heading);
    expect(screen.getAllByText("apple").length).toBeGreaterThan(0);
    expect(button("Show image: cup")).toBeTruthy();
    expect(content.requests[0]?.url).toBe("/api/content/naming/easy.json");
  });

  it("cancels the download: the connection closes and Preview comes back with the focus", async () => {
    serveCatalogue();
    content.serve((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" });
      response.write(namingBytes.subarray(0, 10));
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Preview: Parrot, Easy level" }));
    fireEvent.click(await screen.findByRole("button", { name: "Cancel the Parrot, Easy level download" }));
    await status("Download cancelled.");
    await content.requests[0]?.connectionClosed;
    await waitFor(() => expect(document.activeElement).toBe(button("Preview: Parrot, Easy level")));
    expect(screen.queryByRole("alert", { name: /./ })).toBeNull();
  });

  it("says 'Network response was not ok' when the server refuses, and Try again downloads anew", async () => {
    serveCatalogue();
    content.serve((_request, response) => {
      response.writeHead(404, { "content-type": "application/json" }).end("{}");
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Preview: Picture naming, Easy level" }));
    await waitFor(() => expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContain("Network response was not ok"));
    const again = button("Try again: Picture naming, Easy level");
    await waitFor(() => expect(document.activeElement).toBe(again));
    content.serve((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" }).end(namingBytes);
    });
    fireEvent.click(again);
    expect((await screen.findAllByText("cup")).length).toBeGreaterThan(0);
  });

  it("says 'Error downloading file' when the connection breaks off", async () => {
    serveCatalogue();
    content.serve((_request, response) => {
      response.writeHead(200, { "content-type": "application/json", "content-length": String(namingBytes.length) });
      response.write(namingBytes.subarray(0, 10), () => response.destroy());
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Preview: Picture naming, Easy level" }));
    await waitFor(() => expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContain("Error downloading file"));
  });

  it("has nothing serious for axe, with a preview open", async () => {
    serveCatalogue();
    content.serve((_request, response) => {
      response.writeHead(200, { "content-type": "application/json" }).end(namingBytes);
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Preview: Picture naming, Easy level" }));
    await screen.findAllByText("apple");
    const result = await axe.run(document.body, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
});
