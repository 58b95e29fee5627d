// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Institution } from "../../../domain/institutions/index.ts";
import type { InstitutionId } from "../../../domain/shared/ids.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { InstitutionCreatePage } from "./institution-create-page.tsx";
import { InstitutionEditSection } from "./institution-edit-section.tsx";

// The institution form on its machine (issue 33): the focus follows the domain rows as they are
// added and removed, and on the edit section a conflict is the panel's: the form shows no alert of
// its own and stays editable, and "Save mine again" saves what was typed.
const currentApp = useSignedInApp();
const domainField = (n: number) => screen.getByRole<HTMLInputElement>("textbox", { name: new RegExp(`^Domain ${n}`) });
const nameField = () => screen.getByRole<HTMLInputElement>("textbox", { name: /^Name/ });
const stored: Institution = {
  id: 9 as InstitutionId,
  name: "Lakeside Rehab",
  allowed_domains: ["lakeside.org"],
  description: "",
  games: [],
  time_zone: "America/Chicago",
  rtm_supply_kind: null,
  version: 3,
};

describe("the institution form", () => {
  it("takes the focus to a new row, to the row that took a removed one's place, and to Add domain when the last goes", async () => {
    renderAt(currentApp(), "/create/organization", <InstitutionCreatePage />);
    fireEvent.change(domainField(1), { target: { value: "old.org" } });
    fireEvent.click(screen.getByRole("button", { name: "Add domain" }));
    await waitFor(() => expect(document.activeElement).toBe(domainField(2)));
    fireEvent.change(domainField(2), { target: { value: "lakeside.org" } });
    fireEvent.click(screen.getByRole("button", { name: "Remove domain 1 (old.org)" }));
    await waitFor(() => expect(document.activeElement).toBe(domainField(1)));
    expect(domainField(1).value).toBe("lakeside.org");
    fireEvent.click(screen.getByRole("button", { name: "Remove domain 1 (lakeside.org)" }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("button", { name: "Add domain" })));
    expect(domainField(1).value).toBe("");
  });

  it("on a conflict shows the panel, no alert of its own, keeps the form editable, and saves the typed name when chosen", async () => {
    const theirs = { ...stored, description: "Their note", version: 4 };
    currentApp().harness.server.script((request) => {
      if (request.method === "GET") return { status: 200, json: theirs };
      if (request.headers["if-match"] === '"3"') return { status: 412, json: { code: "ERROR_056", message: "Someone else changed this record", detail: { field: "version" }, id: "t" } };
      return { status: 200, json: { ...theirs, ...(request.body as object), version: 5 } };
    });
    const onSaved = vi.fn();
    renderAt(currentApp(), "/organizations/9", <InstitutionEditSection institution={stored} onSaved={onSaved} onCancel={() => undefined} />);
    fireEvent.change(nameField(), { target: { value: "Lakeside Rehabilitation" } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByRole("heading", { name: "Someone else changed this record" })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole("button", { name: "Save changes" }).getAttribute("aria-disabled")).toBeNull());
    expect(screen.queryByText("An error occurred")).toBeNull();
    fireEvent.change(nameField(), { target: { value: "Lakeside Rehabilitation Centre" } });
    expect(nameField().value).toBe("Lakeside Rehabilitation Centre");
    fireEvent.click(screen.getByRole("button", { name: "Save mine again" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const lastPut = currentApp().harness.server.requests.filter((request) => request.method === "PUT").at(-1);
    expect(lastPut?.body).toMatchObject({ name: "Lakeside Rehabilitation", description: "Their note" });
  });
});
