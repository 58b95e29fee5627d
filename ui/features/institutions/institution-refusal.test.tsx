// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { currentUserWire } from "../../../adapters/shared/fixtures.test-helper.ts";
import { InstitutionId } from "../../../domain/shared/ids.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { InstitutionDetailPage } from "./institution-detail-page.tsx";

// Issue 31 item 16: another institution's record (/organizations/{other} as Riverside's admin)
// showed "An error occurred / Try again"; a missing one offered a useless retry. Both are a clear
// page now, focus on its heading, with a way back.
const currentApp = useSignedInApp();
const riversideAdmin = Schema.decodeUnknownSync(CurrentUser)({
  ...currentUserWire,
  role: { id: 2, title: "Institution administrator", code_name: "institution_admin" },
  permissions: { institution: ["retrieve", "update", "assign_games"], administrator: ["list", "retrieve", "create"] },
});
const superAdmin = Schema.decodeUnknownSync(CurrentUser)({
  ...currentUserWire,
  role: { id: 1, title: "Super administrator", code_name: "super_admin" },
  permissions: { institution: ["list", "retrieve", "create", "update", "assign_games"] },
  institution: null,
});
const refuse = (status: 403 | 404) =>
  currentApp().harness.server.script(() => ({ status, json: { code: status === 403 ? "ERROR_001" : "ERROR_030", message: "refused", detail: null, id: "t" } }));

describe("an institution the person cannot open", () => {
  it("says another institution's record is not theirs, focuses that heading, offers no Try again, and leads to their own", async () => {
    refuse(403);
    renderAt(currentApp(), "/organizations/7", <InstitutionDetailPage id={InstitutionId.make(7)} user={riversideAdmin} />);
    const heading = await screen.findByRole("heading", { level: 1, name: "You don't have access to this institution" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    expect(screen.queryByText("An error occurred")).toBeNull();
    expect(screen.getByRole("link", { name: "Go to Riverside Clinic" }).getAttribute("href")).toBe("/organizations/2");
  });

  it("says Not found for an unknown one and leads a super administrator back to the list", async () => {
    refuse(404);
    renderAt(currentApp(), "/organizations/987", <InstitutionDetailPage id={InstitutionId.make(987)} user={superAdmin} />);
    const heading = await screen.findByRole("heading", { level: 1, name: "Not found" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
    expect(screen.getByRole("link", { name: "Back to institutions" }).getAttribute("href")).toBe("/organizations");
    // One read: a refusal is final.
    expect(currentApp().harness.server.requests.filter((request) => request.url === "/api/institutions/987/")).toHaveLength(1);
  });
});
