// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import axe from "axe-core";
import * as Schema from "effect/Schema";
import { describe, expect, it } from "vitest";
import { currentUserWire } from "../../../adapters/shared/fixtures.test-helper.ts";
import { errorBody } from "../../../adapters/shared/test-server.test-helper.ts";
import type { InstitutionId } from "../../../domain/shared/ids.ts";
import { permissionsForRole } from "../../../domain/shared/permissions/permissions-for-role.ts";
import { CurrentUser } from "../../../domain/shared/wire/user.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { InstitutionDetailPage } from "./institution-detail-page.tsx";

// Issue 31, item 1: the institution page says when no device-supply kind is chosen (remote
// monitoring then bills no supply or set-up code) and shows the kind chosen among its facts.
const currentApp = useSignedInApp();
const admin = Schema.decodeUnknownSync(CurrentUser)({ ...currentUserWire, role: { id: 2, title: "Institution admin", code_name: "institution_admin" }, permissions: permissionsForRole("institution_admin") });
const institution = { id: 2, name: "Riverside Clinic", allowed_domains: ["riverside.org"], description: "", games: [], time_zone: "America/New_York", rtm_supply_kind: null, version: 1 };

const serve = (json: unknown) =>
  currentApp().harness.server.script((request) => {
    if (request.method === "GET" && request.url.startsWith("/api/institutions/2/")) return { status: 200, json };
    if (request.method === "GET") return { status: 200, json: { current_page: 1, total_pages: 1, count: 0, results: [] } };
    return { status: 404, json: errorBody("ERROR_001", "not scripted") };
  });

describe("the institution page's remote-monitoring supply kind", () => {
  it("says no device-supply code can be billed while none is chosen, and where to choose it", async () => {
    serve(institution);
    renderAt(currentApp(), "/organizations/2", <InstitutionDetailPage id={2 as InstitutionId} user={admin} />);
    const notice = await screen.findByRole("region", { name: "Device-supply kind not chosen" });
    expect(notice.textContent).toContain("Choose it on the institution page: Edit, then Remote monitoring supply codes.");
    expect(within(notice).queryByRole("link")).toBeNull();
    expect(screen.getByText("Remote monitoring supply codes").nextElementSibling?.textContent).toBe("Not chosen yet");
    const results = await axe.run(document.body, { runOnly: ["wcag2a", "wcag2aa"] });
    expect(results.violations.filter((item) => item.impact === "serious" || item.impact === "critical").map((item) => item.id)).toEqual([]);
  });

  it("shows no notice once a kind is chosen", async () => {
    serve({ ...institution, rtm_supply_kind: "musculoskeletal" });
    renderAt(currentApp(), "/organizations/2", <InstitutionDetailPage id={2 as InstitutionId} user={admin} />);
    expect(await screen.findByRole("heading", { level: 1, name: "Riverside Clinic" })).toBeTruthy();
    expect(screen.getByText("Remote monitoring supply codes").nextElementSibling?.textContent).toMatch(/^Musculoskeletal/);
    expect(screen.queryByRole("region", { name: "Device-supply kind not chosen" })).toBeNull();
  });
});
