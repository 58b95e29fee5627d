import * as Schema from "effect/Schema";
import type { ReactNode } from "react";
import { currentUserWire } from "../../../adapters/shared/fixtures.test-helper.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";
import type { AppHarness } from "../../app/app-services.test-helper.ts";
import { renderAt } from "../../app/signed-in-app.test-helper.tsx";
import { GameSelectionProvider } from "../../game-selection/game-selection-provider.tsx";

// What the exercises page tests share besides the signed-in app (ui/app/signed-in-app.test-helper.tsx):
// users of each role, the catalogue, and rendering a page inside the signed-in area's game selection.

export { useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";

export const failure = { code: "ERROR_001", message: "An error occurred", detail: null, id: "x" };

export const catalogueWire = [
  { id: 3, type: "naming", name: "Picture naming", levels_available: ["easy", "medium"] },
  { id: 4, type: "parrot", name: "Parrot", levels_available: ["easy"] },
];

/** A signed-in user of a role with the given server permissions. */
export const userOf = (roleCode: string, permissions: Record<string, readonly string[]>, institution: { id: number; name: string } | null = { id: 2, name: "Riverside Clinic" }) =>
  Schema.decodeUnknownSync(CurrentUser)({ ...currentUserWire, role: { id: 1, title: roleCode, code_name: roleCode }, permissions, institution });

/** Renders a page inside the app's services, cache, router and game selection, at `path`; returns the router's memory location. */
export const renderInSelection = (app: AppHarness, path: string, page: ReactNode) => renderAt(app, path, <GameSelectionProvider>{page}</GameSelectionProvider>);
