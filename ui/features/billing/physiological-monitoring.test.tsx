// @vitest-environment jsdom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { errorBody } from "../../../adapters/shared/test-server.test-helper.ts";
import { PatientId } from "../../../domain/shared/ids.ts";
import { renderAt, useSignedInApp } from "../../app/signed-in-app.test-helper.tsx";
import { PhysiologicalMonitoring } from "./physiological-monitoring.tsx";

// The remote physiological monitoring flag of the patient's billing panel (issue 24) against the
// scripted server: ticked by keyboard it is sent, confirmed in words, and a refusal leaves the box
// as the server has it with the reason said; someone who may not change it reads a sentence.
const currentApp = useSignedInApp();
const FLAG_URL = "/api/patients/44/rtm/monitoring/";

const render = (props: { isOn: boolean; canChange: boolean }) =>
  renderAt(currentApp(), "/patient/44", <PhysiologicalMonitoring patientId={PatientId.make(44)} patientName="Dee Tester" {...props} />);

describe("the physiological-monitoring flag", () => {
  it("ticks by keyboard, sends the new value and confirms it in words", async () => {
    const server = currentApp().harness.server;
    server.script((request) =>
      request.method === "PUT" && request.url === FLAG_URL ? { status: 200, json: { physiological_monitoring: true } } : { status: 404, json: errorBody("ERROR_001", "not scripted") },
    );
    render({ isOn: false, canChange: true });
    const box = screen.getByRole("checkbox", { name: "On remote physiological monitoring (RPM)" });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(box.getAttribute("aria-describedby")).not.toBeNull();
    await userEvent.tab();
    expect(document.activeElement).toBe(box);
    await userEvent.keyboard(" ");
    await waitFor(() => expect(server.requests.some((request) => request.method === "PUT" && request.url === FLAG_URL)).toBe(true));
    const sent = server.requests.find((request) => request.method === "PUT" && request.url === FLAG_URL);
    expect(sent?.body).toEqual({ physiological_monitoring: true });
    expect(await screen.findByText("Dee Tester is marked as on remote physiological monitoring")).toBeTruthy();
  });

  it("says why when the server refuses, and the box shows what the server holds", async () => {
    currentApp().harness.server.script(() => ({ status: 404, json: errorBody("ERROR_030", "Patient not found") }));
    render({ isOn: false, canChange: true });
    const box = screen.getByRole("checkbox", { name: "On remote physiological monitoring (RPM)" });
    await userEvent.click(box);
    const alert = await screen.findByRole("alert");
    await waitFor(() => expect(alert.textContent).not.toBe(""));
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(false));
  });

  it("reads as a sentence, with no box, for someone who may not change it", () => {
    render({ isOn: true, canChange: false });
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(screen.getByText(/^Dee Tester is on remote physiological monitoring this month: RTM is not billed in the same month/)).toBeTruthy();
  });

  it("shows nothing to a reader when the patient is not on RPM", () => {
    render({ isOn: false, canChange: false });
    // The polite announcer of an earlier test may still hold words; the component itself adds no paragraph.
    expect(screen.queryByText(/physiological/, { selector: "p" })).toBeNull();
  });
});
