// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { InstitutionCreatePage } from "./institution-create-page.tsx";

// /create/organization (issue 21): the allowed domains are a list whose every entry carries its own
// failure, and the server's refusal lands on the field it names.
const currentApp = useSignedInApp();
const institution = { id: 9, name: "Lakeside Rehab", allowed_domains: ["lakeside.org"], description: "", games: [], time_zone: "America/New_York", rtm_supply_kind: null, version: 1 };

const posts = () => currentApp().harness.server.requests.filter((request) => request.method === "POST" && request.url === "/api/institutions/");
const domainField = (n: number) => screen.getByRole<HTMLInputElement>("textbox", { name: new RegExp(`^Domain ${n}`) });
const nameField = () => screen.getByRole<HTMLInputElement>("textbox", { name: /^Name/ });
/** What a screen reader reads after the field's name: its description and its error. */
const describedBy = (input: HTMLInputElement) =>
  (input.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent ?? "").join(" ");

const open = () => {
  const location = renderAt(currentApp(), "/create/organization", <InstitutionCreatePage />);
  fireEvent.change(nameField(), { target: { value: "Lakeside Rehab" } });
  return location;
};

describe("the new institution form", () => {
  it("shows ERROR_023 on each malformed domain and ERROR_031 on a repeat, beside its own entry, and sends nothing", async () => {
    open();
    fireEvent.change(domainField(1), { target: { value: "lakeside.org" } });
    fireEvent.click(screen.getByRole("button", { name: "Add domain" }));
    fireEvent.change(domainField(2), { target: { value: "not a domain" } });
    fireEvent.click(screen.getByRole("button", { name: "Add domain" }));
    fireEvent.change(domainField(3), { target: { value: "LAKESIDE.org" } });
    fireEvent.click(screen.getByRole("button", { name: "Add institution" }));

    await waitFor(() => expect(domainField(2).getAttribute("aria-invalid")).toBe("true"));
    expect(describedBy(domainField(2))).toContain("The domain format is invalid");
    expect(describedBy(domainField(3))).toContain("The domain already exists");
    expect(domainField(1).getAttribute("aria-invalid")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(domainField(2)));
    expect(posts()).toHaveLength(0);
  });

  it("removing an entry drops it, and blank entries are not sent", async () => {
    currentApp().harness.server.script((request) =>
      request.method === "POST" ? { status: 201, json: { ...institution, ...(request.body as object) } } : { status: 404, json: { code: "ERROR_001", message: "x", detail: null, id: "t" } },
    );
    const location = open();
    fireEvent.change(domainField(1), { target: { value: "old.org" } });
    fireEvent.click(screen.getByRole("button", { name: "Add domain" }));
    fireEvent.change(domainField(2), { target: { value: " lakeside.org " } });
    fireEvent.click(screen.getByRole("button", { name: "Add domain" }));
    fireEvent.click(screen.getByRole("button", { name: "Remove domain 1 (old.org)" }));
    fireEvent.click(screen.getByRole("button", { name: "Add institution" }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]?.body).toEqual({ name: "Lakeside Rehab", allowed_domains: ["lakeside.org"], description: "" });
    await waitFor(() => expect(location.history.at(-1)).toBe("/organizations/9"));
  });

  it("shows the server's ERROR_024 on the name field and keeps the form", async () => {
    currentApp().harness.server.script(() => ({
      status: 400,
      json: { code: "ERROR_024", message: "The name already exists", detail: { field: "name" }, id: "t" },
    }));
    open();
    fireEvent.change(domainField(1), { target: { value: "lakeside.org" } });
    fireEvent.click(screen.getByRole("button", { name: "Add institution" }));
    await waitFor(() => expect(nameField().getAttribute("aria-invalid")).toBe("true"));
    expect(describedBy(nameField())).toContain("The name already exists");
    await waitFor(() => expect(document.activeElement).toBe(nameField()));
    expect(domainField(1).value).toBe("lakeside.org");
    expect(posts()).toHaveLength(1);
  });
});
