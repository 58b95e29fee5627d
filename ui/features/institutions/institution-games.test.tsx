// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { Institution } from "../../../domain/institutions/index.ts";
import type { GameId, InstitutionId } from "../../../domain/shared/ids.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { InstitutionGames } from "./institution-games.tsx";

// Issue 31: one unticked box used to end a clinic's whole exercise plan. Taking a game away now
// asks the server what it would stop and, when it stops patients' exercises, says so in an alert
// dialog before anything is saved; the save repeats the confirmed count.
const currentApp = useSignedInApp();
const institution: Institution = {
  id: 9 as InstitutionId,
  name: "Lakeside Rehab",
  allowed_domains: [],
  description: "",
  games: [1 as GameId, 2 as GameId],
  time_zone: "America/Chicago",
  rtm_supply_kind: null,
  version: 3,
};
const catalogue = [
  { id: 1, type: "naming", name: "Naming", levels_available: ["easy"] },
  { id: 2, type: "parrot", name: "Parrot", levels_available: ["easy"] },
];
const offer = (ids: readonly number[]) => ids.map((id) => ({ id, type: catalogue[id - 1]?.type, name: catalogue[id - 1]?.name, levels: [] }));
const PREVIEW = "/api/institutions/9/assign_games/preview/";
const PUT = "/api/institutions/9/assign_games/";

const serve = (stops: number) =>
  currentApp().harness.server.script((request) => {
    if (request.url === "/api/games/") return { status: 200, json: catalogue };
    if (request.url.startsWith(PREVIEW)) return { status: 200, json: { games: [{ id: 1, name: "Naming", patients: stops }], patients: stops } };
    if (request.method === "PUT" && request.url === PUT) return { status: 200, json: offer((request.body as { games: number[] }).games) };
    if (request.url === "/api/institutions/9/") return { status: 200, json: institution };
    return { status: 404, json: { code: "ERROR_001", message: "x", detail: null, id: "t" } };
  });
const puts = () => currentApp().harness.server.requests.filter((request) => request.method === "PUT" && request.url === PUT);
const untickNaming = async () => {
  renderAt(currentApp(), "/organizations/9", <InstitutionGames institution={institution} canAssign />);
  fireEvent.click(await screen.findByRole("checkbox", { name: "Naming" }));
  fireEvent.click(screen.getByRole("button", { name: "Save offered games" }));
};

describe("taking a game away from an institution", () => {
  it("says how many patients' exercises it stops, focus on Cancel, and saves nothing when cancelled", async () => {
    serve(3);
    await untickNaming();
    const dialog = await screen.findByRole("alertdialog", { name: "Stop exercises for 3 patients?" });
    expect(dialog.textContent).toContain("Removing Naming stops exercises for 3 patients.");
    expect(currentApp().harness.server.requests.find((request) => request.url.startsWith(PREVIEW))?.url).toBe(`${PREVIEW}?games=2`);
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Cancel" })));
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(puts()).toEqual([]);
  });

  it("saves with the confirmed count once the person confirms", async () => {
    serve(3);
    await untickNaming();
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Remove and stop exercises" }));
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.body).toEqual({ games: [2], confirm_stop_assignments: 3 });
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });

  it("saves at once, without a dialog, when the games taken away stop nobody's exercises", async () => {
    serve(0);
    await untickNaming();
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.body).toEqual({ games: [2] });
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("asks again with the new count when patients' exercises changed since the dialog opened (409)", async () => {
    let stops = 3;
    currentApp().harness.server.script((request) => {
      if (request.url === "/api/games/") return { status: 200, json: catalogue };
      if (request.url.startsWith(PREVIEW)) return { status: 200, json: { games: [{ id: 1, name: "Naming", patients: stops }], patients: stops } };
      if (request.method === "PUT" && (request.body as { confirm_stop_assignments?: number }).confirm_stop_assignments !== stops) {
        return { status: 409, json: { code: "ERROR_050", message: "The action is not allowed for the current status: unconfirmed", detail: { field: "confirm_stop_assignments" }, id: "t" } };
      }
      if (request.method === "PUT") return { status: 200, json: offer((request.body as { games: number[] }).games) };
      return { status: 404, json: { code: "ERROR_001", message: "x", detail: null, id: "t" } };
    });
    await untickNaming();
    const first = await screen.findByRole("alertdialog", { name: "Stop exercises for 3 patients?" });
    stops = 4;
    fireEvent.click(within(first).getByRole("button", { name: "Remove and stop exercises" }));
    const again = await screen.findByRole("alertdialog", { name: "Stop exercises for 4 patients?" });
    fireEvent.click(within(again).getByRole("button", { name: "Remove and stop exercises" }));
    await waitFor(() => expect(puts().map((request) => request.body)).toEqual([{ games: [2], confirm_stop_assignments: 3 }, { games: [2], confirm_stop_assignments: 4 }]));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
  });
});
