// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { SUPPLY_KIND_NOTE } from "../../../domain/billing/index.ts";
import type { Institution } from "../../../domain/institutions/index.ts";
import type { InstitutionId } from "../../../domain/shared/ids.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { InstitutionEditSection } from "./institution-edit-section.tsx";

// The institution's billing settings on its edit form (issue 24): the time zone picked from the
// runtime's zones, the remote-monitoring supply kind with the note that it is a payer question,
// both sent with the version the form started from; the server's refusal lands on its field.
const currentApp = useSignedInApp();
const institution: Institution = {
  id: 9 as InstitutionId,
  name: "Lakeside Rehab",
  allowed_domains: ["lakeside.org"],
  description: "",
  games: [],
  time_zone: "America/Chicago",
  rtm_supply_kind: null,
  version: 3,
};

const puts = () => currentApp().harness.server.requests.filter((request) => request.method === "PUT" && request.url === "/api/institutions/9/");
const zoneField = () => screen.getByRole<HTMLInputElement>("combobox", { name: /^Time zone/ });
const supplyGroup = () => screen.getByRole("radiogroup", { name: /^Remote monitoring supply codes/ });
/** What a screen reader reads after the field's name: its description and its error. */
const describedBy = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent ?? "").join(" ");

const open = () => {
  const onSaved = vi.fn();
  renderAt(currentApp(), "/organizations/9", <InstitutionEditSection institution={institution} onSaved={onSaved} onCancel={() => undefined} />);
  return onSaved;
};

describe("the institution's billing settings", () => {
  it("shows the stored zone and 'Not chosen yet', says the supply kind is a payer question, and sends the chosen zone and kind", async () => {
    currentApp().harness.server.script((request) =>
      request.method === "PUT" ? { status: 200, json: { ...institution, ...(request.body as object), version: 4 } } : { status: 404, json: { code: "ERROR_001", message: "x", detail: null, id: "t" } },
    );
    const onSaved = open();
    // The combo box's code is its own chunk, asked for after the first commit (ui/kit/combo-box-field.tsx).
    await screen.findByRole("combobox", { name: /^Time zone/ });
    expect(zoneField().value).toBe("America/Chicago");
    expect(describedBy(supplyGroup())).toContain(SUPPLY_KIND_NOTE);
    expect(screen.getByRole<HTMLInputElement>("radio", { name: /^Not chosen yet/ }).checked).toBe(true);
    expect(screen.getByRole("radio", { name: /^Cognitive behavioural therapy 98978 for 16-30 data days, 98986 for 2-15/ })).toBeTruthy();

    act(() => zoneField().focus());
    fireEvent.change(zoneField(), { target: { value: "berlin" } });
    fireEvent.keyDown(zoneField(), { key: "ArrowDown" });
    fireEvent.click(await screen.findByRole("option", { name: "Europe/Berlin" }));
    await waitFor(() => expect(zoneField().value).toBe("Europe/Berlin"));
    fireEvent.click(screen.getByRole("radio", { name: /^Cognitive behavioural therapy/ }));
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));

    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]?.body).toEqual({
      name: "Lakeside Rehab",
      allowed_domains: ["lakeside.org"],
      description: "",
      time_zone: "Europe/Berlin",
      rtm_supply_kind: "cognitiveBehavioural",
    });
    expect(puts()[0]?.headers?.["if-match"] ?? puts()[0]?.headers?.["If-Match"]).toBe('"3"');
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it("shows the server's ERROR_056 on the time zone field and keeps the form", async () => {
    currentApp().harness.server.script(() => ({
      status: 400,
      json: { code: "ERROR_056", message: "The field is not valid", detail: { field: "time_zone" }, id: "t" },
    }));
    open();
    fireEvent.click(screen.getByRole("radio", { name: /^Respiratory/ }));
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(zoneField().getAttribute("aria-invalid")).toBe("true"));
    expect(describedBy(zoneField())).toContain("The field is not valid");
    await waitFor(() => expect(document.activeElement).toBe(zoneField()));
    expect(puts()[0]?.body).toMatchObject({ time_zone: "America/Chicago", rtm_supply_kind: "respiratory" });
    expect(screen.getByRole<HTMLInputElement>("radio", { name: /^Respiratory/ }).checked).toBe(true);
  });
});
