import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { patientPickerMachine, pickerQuery } from "./patient-picker.machine.ts";

describe("the patient picker", () => {
  it("keeps the search as typed, spaces included, and asks with it normalized", () => {
    const actor = createActor(patientPickerMachine, { input: { statuses: ["active"] } }).start();
    actor.send({ type: "search.change", text: "Ruth " });
    expect(actor.getSnapshot().context.search).toBe("Ruth ");
    actor.send({ type: "search.change", text: "Ruth Clark" });
    expect(actor.getSnapshot().context.search).toBe("Ruth Clark");
    expect(pickerQuery(actor.getSnapshot().context, "Ruth Clark")).toMatchObject({ search: "Ruth Clark", statuses: ["active"], page: 1 });
  });

  it("starts again from the first page when what is shown changes, and refuses a page that is not one", () => {
    const actor = createActor(patientPickerMachine, { input: {} }).start();
    actor.send({ type: "page.go", page: 3 });
    expect(actor.getSnapshot().context.filters.page).toBe(3);
    actor.send({ type: "page.go", page: 0 });
    expect(actor.getSnapshot().context.filters.page).toBe(3);
    actor.send({ type: "filters.change", change: { review: ["pending"] } });
    expect(actor.getSnapshot().context.filters).toMatchObject({ review: ["pending"], page: 1 });
    actor.send({ type: "page.go", page: 2 });
    actor.send({ type: "search.change", text: "Ada" });
    expect(actor.getSnapshot().context.filters.page).toBe(1);
  });
});
