// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedRequest, ScriptedAnswer } from "../../../adapters/shared/test-server.test-helper.ts";
import { errorBody } from "../../../adapters/shared/test-server.test-helper.ts";
import { PatientId } from "../../../domain/shared/ids.ts";
import type { PatientStatus } from "../../../domain/shared/statuses/patient-status.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { PatientDevicesSection } from "./patient-devices-section.tsx";

// The "Patient's app" section of the patient record (docs/ui-patient-devices.md) against the
// scripted server: its states, connecting a device with its token shown once, and revoking one.
const currentApp = useSignedInApp();
const TOKEN = "Zk3_q9-LmT0aB1cD2eF3gH4iJ5kL6mN7oP8qR9sT0uV";
const DEVICES_URL = "/api/patients/44/devices/";
type DeviceWire = { id: number; label: string; created_at: string; last_used_at: string | null; revoked_at: string | null };
const tablet: DeviceWire = { id: 3, label: "Margaret's tablet", created_at: "2026-03-01T10:00:00.000Z", last_used_at: "2026-03-04T15:30:00.000Z", revoked_at: null };
const oldPhone: DeviceWire = { id: 2, label: "Old phone", created_at: "2026-01-10T10:00:00.000Z", last_used_at: null, revoked_at: "2026-02-01T09:00:00.000Z" };
const patient = (status: PatientStatus = "active") => ({ id: PatientId.make(44), first_name: "Dee", last_name: "Tester", status });

/** A patient's devices kept by the scripted server; `answer` may take over any request first. */
const serve = (initial: DeviceWire[], answer?: (request: RecordedRequest) => ScriptedAnswer | undefined | Promise<ScriptedAnswer | undefined>) => {
  let devices = [...initial];
  currentApp().harness.server.script(async (request) => {
    const taken = await answer?.(request);
    if (taken !== undefined) return taken;
    if (request.method === "GET" && request.url === DEVICES_URL) return { status: 200, json: devices };
    if (request.method === "POST" && request.url === DEVICES_URL) {
      const { label } = request.body as { label: string };
      const device = { id: 9, label, created_at: "2026-03-05T08:00:00.000Z", last_used_at: null, revoked_at: null };
      devices = [device, ...devices];
      return { status: 201, json: { ...device, token: TOKEN } };
    }
    const revoked = /^\/api\/patients\/44\/devices\/(\d+)\/$/.exec(request.url);
    if (request.method === "DELETE" && revoked !== null) {
      devices = devices.map((device) => (device.id === Number(revoked[1]) ? { ...device, revoked_at: "2026-03-05T09:00:00.000Z" } : device));
      return { status: 204 };
    }
    return { status: 404, json: errorBody("ERROR_001", "not scripted") };
  });
};

const render = (status: PatientStatus = "active", canEdit = true) => renderAt(currentApp(), "/patient/44", <PatientDevicesSection patient={patient(status)} canEdit={canEdit} />);
const requests = (method: string) => currentApp().harness.server.requests.filter((request) => request.method === method && request.url.startsWith(DEVICES_URL));
const rowsOf = (table: HTMLElement) => within(table).getAllByRole("row").map((row) => [...row.querySelectorAll("th, td")].map((cell) => cell.textContent));

afterEach(() => {
  Reflect.deleteProperty(navigator, "clipboard");
});

describe("the patient's devices as listed", () => {
  it("says it is loading, then that no device is connected yet", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    serve([], async (request) => {
      if (request.method === "GET") await held;
      return undefined;
    });
    render();
    expect(screen.getByRole("heading", { level: 2, name: "Patient's app" })).toBeTruthy();
    expect(await screen.findByText("Loading the devices…")).toBeTruthy();
    release();
    expect(await screen.findByText("No device connected yet.")).toBeTruthy();
    expect(screen.queryByText("Loading the devices…")).toBeNull();
  });

  it("lists each device with when it was connected, last used and revoked, and offers Revoke only on those still active", async () => {
    serve([tablet, oldPhone]);
    render();
    const table = await screen.findByRole("table", { name: "Dee Tester's devices" });
    const rows = rowsOf(table);
    expect(rows[0]).toEqual(["Device", "Connected on", "Last used", "Status", "Actions"]);
    expect(rows[1]?.slice(0, 2)).toEqual(["Margaret's tablet", "03/01/2026"]);
    expect(rows[1]?.[2]).toMatch(/^03\/0[45]\/2026 \d{1,2}:\d{2} [AP]M$/);
    expect(rows[1]?.slice(3)).toEqual(["Active", "Revoke"]);
    expect(rows[2]).toEqual(["Old phone", "01/10/2026", "Not yet", "Revoked on 02/01/2026", ""]);
    expect(screen.getAllByRole("button", { name: /^Revoke/ }).map((button) => button.getAttribute("aria-label"))).toEqual(["Revoke Margaret's tablet"]);
  });

  it("shows a failed read in the catalogue's words with Try again, which reads the list again", async () => {
    let failing = true;
    serve([tablet], (request) => (failing && request.method === "GET" ? { status: 503, json: errorBody("ERROR_001", "An error occurred") } : undefined));
    render();
    await waitFor(() => expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContain("An error occurred"));
    failing = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("table", { name: "Dee Tester's devices" })).toBeTruthy();
    expect(requests("GET")).toHaveLength(2);
  });

  it("shows nothing and asks nothing when the viewer may not edit the patient (the server lists devices only to them)", async () => {
    serve([tablet]);
    render("active", false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("heading", { name: "Patient's app" })).toBeNull();
    expect(requests("GET")).toHaveLength(0);
  });

  it("offers no new device for an inactive patient, says why, and still lets a device be revoked", async () => {
    serve([tablet]);
    render("inactive");
    expect(await screen.findByRole("button", { name: "Revoke Margaret's tablet" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Connect a device" })).toBeNull();
    expect(screen.getByText(/An inactive patient cannot get a new device/)).toBeTruthy();
  });
});

describe("connecting a device", () => {
  it("moves the focus to the label, refuses an empty one without a call, then shows the token once with the focus on it", async () => {
    serve([]);
    render();
    await screen.findByText("No device connected yet.");
    fireEvent.click(screen.getByRole("button", { name: "Connect a device" }));
    const label = screen.getByRole<HTMLInputElement>("textbox", { name: /Device label/ });
    await waitFor(() => expect(document.activeElement).toBe(label));

    fireEvent.click(screen.getByRole("button", { name: "Connect" }));
    await waitFor(() => expect(label.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("The label is required")).toBeTruthy();
    expect(document.activeElement).toBe(label);
    expect(requests("POST")).toHaveLength(0);

    fireEvent.change(label, { target: { value: "  Margaret's tablet " } });
    fireEvent.click(screen.getByRole("button", { name: "Connect" }));
    const token = await screen.findByRole<HTMLInputElement>("textbox", { name: "Device token" });
    expect(requests("POST").map((request) => request.body)).toEqual([{ label: "Margaret's tablet" }]);
    expect(token.value).toBe(TOKEN);
    expect(token.readOnly).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(token));
    expect(screen.getByText("This token will not be shown again.")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 3, name: "Margaret's tablet is connected" })).toBeTruthy();
    const statuses = screen.getAllByRole("status").map((status) => status.textContent);
    expect(statuses).toContain("Margaret's tablet is connected. Its token is shown below, this once.");
    // The list is read again and shows the new device, without its token.
    const table = await screen.findByRole("table", { name: "Dee Tester's devices" });
    expect(rowsOf(table)[1]?.[0]).toBe("Margaret's tablet");
    expect(table.textContent).not.toContain(TOKEN);
  });

  it("copies the token, and Done forgets it and hands the focus back to Connect a device", async () => {
    const copied: string[] = [];
    Object.defineProperty(navigator, "clipboard", { value: { writeText: async (text: string) => void copied.push(text) }, configurable: true });
    serve([]);
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Connect a device" }));
    fireEvent.change(screen.getByRole("textbox", { name: /Device label/ }), { target: { value: "Tablet" } });
    fireEvent.click(screen.getByRole("button", { name: "Connect" }));
    await screen.findByRole("textbox", { name: "Device token" });
    fireEvent.click(screen.getByRole("button", { name: "Copy token" }));
    expect(await screen.findByText("Token copied.")).toBeTruthy();
    expect(copied).toEqual([TOKEN]);
    fireEvent.click(screen.getByRole("button", { name: "Done" }));
    const opener = await screen.findByRole("button", { name: "Connect a device" });
    await waitFor(() => expect(document.activeElement).toBe(opener));
    expect(document.body.innerHTML).not.toContain(TOKEN);
    expect(currentApp().queryClient.getMutationCache().getAll().map((mutation) => mutation.state.data)).not.toContainEqual(expect.objectContaining({ token: TOKEN }));
  });

  it("puts the server's refusal of the label on the field, and any other refusal in an alert", async () => {
    let answer: ScriptedAnswer = { status: 400, json: errorBody("ERROR_056", "The field is not valid", "label") };
    serve([], (request) => (request.method === "POST" ? answer : undefined));
    const record = ["patients", "detail", 44];
    currentApp().queryClient.setQueryData(record, { id: 44 });
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Connect a device" }));
    const label = screen.getByRole<HTMLInputElement>("textbox", { name: /Device label/ });
    fireEvent.change(label, { target: { value: "Tablet" } });
    fireEvent.click(screen.getByRole("button", { name: "Connect" }));
    await waitFor(() => expect(label.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("The field is not valid")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(label));

    answer = { status: 409, json: errorBody("ERROR_050", "The action is not allowed for the current status: inactive", "status") };
    fireEvent.change(label, { target: { value: "Tablet 2" } });
    fireEvent.click(screen.getByRole("button", { name: "Connect" }));
    await waitFor(() => expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContain("The action is not allowed for the current status: inactive"));
    expect(screen.queryByRole("textbox", { name: "Device token" })).toBeNull();
    // The record is read again, so the page shows the status that refused it.
    expect(currentApp().queryClient.getQueryState(record)?.isInvalidated).toBe(true);
  });
});

describe("revoking a device", () => {
  it("asks first with the focus on Cancel; Cancel hands the focus back to the row's Revoke button", async () => {
    serve([tablet]);
    render();
    const revoke = await screen.findByRole("button", { name: "Revoke Margaret's tablet" });
    // As a keyboard user reaches it: the focus is on the button when it opens the dialog.
    revoke.focus();
    fireEvent.click(revoke);
    const dialog = await screen.findByRole("alertdialog", { name: "Revoke Margaret's tablet?" });
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByRole("button", { name: "Cancel" })));
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(revoke));
    expect(requests("DELETE")).toHaveLength(0);
  });

  it("revokes on confirmation: the row says revoked, the focus goes to the section's heading and the change is announced", async () => {
    serve([tablet]);
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Revoke Margaret's tablet" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Revoke Margaret's tablet?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Revoke device" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(requests("DELETE").map((request) => request.url)).toEqual(["/api/patients/44/devices/3/"]);
    const table = screen.getByRole("table", { name: "Dee Tester's devices" });
    expect(rowsOf(table)[1]?.slice(3)).toEqual(["Revoked on 03/05/2026", ""]);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Patient's app" })));
    expect(screen.getAllByRole("status").map((status) => status.textContent)).toContain("Margaret's tablet was revoked. Its token no longer works.");
  });

  it("says in words why a revocation failed and keeps the device's Revoke button", async () => {
    serve([tablet], (request) => (request.method === "DELETE" ? { status: 404, json: errorBody("ERROR_030", "The requested device was not found", "device_id") } : undefined));
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Revoke Margaret's tablet" }));
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Revoke device" }));
    await waitFor(() =>
      expect(screen.getAllByRole("alert").map((alert) => alert.textContent)).toContain("Could not revoke Margaret's tablet. The requested device was not found"),
    );
    expect(screen.getByRole("button", { name: "Revoke Margaret's tablet" })).toBeTruthy();
  });
});
