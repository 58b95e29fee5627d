// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { errorBody } from "../../../adapters/shared/test-server.test-helper.ts";
import { InstitutionId } from "../../../domain/shared/ids.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { ReportSettingsSection } from "./report-settings-section.tsx";

// The institution's progress-report rule (issue 37) against the scripted server: N out of range is
// refused on its field with the focus there and nothing sent; a valid rule is saved and shown.
const currentApp = useSignedInApp();
const URL = "/api/institutions/2/progress-report-settings/";
const puts: unknown[] = [];
const serve = () => {
  let stored = { institution: 2, due_kind: "calendar_days", due_every: 30, npi_required: false, updated_at: null as string | null };
  currentApp().harness.server.script((request) => {
    if (request.method === "GET" && request.url === URL) return { status: 200, json: stored };
    if (request.method === "PUT" && request.url === URL) {
      puts.push(request.body);
      stored = { ...stored, ...(request.body as object), updated_at: "2026-03-02T10:00:00.000Z" };
      return { status: 200, json: stored };
    }
    return { status: 404, json: errorBody("ERROR_001", "not scripted") };
  });
};

describe("the institution's progress report settings", () => {
  it("refuses N = 0 on its field with the focus there, then saves every 8 treatment days with the NPI required", async () => {
    serve();
    renderAt(currentApp(), "/organizations/2", <ReportSettingsSection institutionId={InstitutionId.make(2)} />);
    const section = await screen.findByRole("region", { name: "Progress reports" });
    const every = await within(section).findByRole("textbox", { name: /^N, the number of days/ });
    expect((every as HTMLInputElement).value).toBe("30");
    const user = userEvent.setup();
    await user.clear(every);
    await user.type(every, "0");
    await user.click(within(section).getByRole("button", { name: "Save report settings" }));
    await waitFor(() => expect(document.activeElement).toBe(every));
    expect(within(section).getByText("Enter a whole number of days from 1 to 365")).toBeTruthy();
    expect(puts).toEqual([]);
    await user.click(within(section).getByRole("radio", { name: "Every N treatment days" }));
    await user.clear(every);
    await user.type(every, "8");
    await user.click(within(section).getByRole("checkbox", { name: "The signer's NPI is required" }));
    await user.click(within(section).getByRole("button", { name: "Save report settings" }));
    await waitFor(() => expect(puts).toEqual([{ due_kind: "treatment_days", due_every: 8, npi_required: true }]));
    const saved = await within(section).findByRole("textbox", { name: /^N, the number of days/ });
    expect((saved as HTMLInputElement).value).toBe("8");
    expect((within(section).getByRole("radio", { name: "Every N treatment days" }) as HTMLInputElement).checked).toBe(true);
    expect(within(section).queryByText("Enter a whole number of days from 1 to 365")).toBeNull();
  });
});
