import { describe, expect, it } from "vitest";
import { SimulatedClock, createActor, fromPromise } from "xstate";
import type { PatientListResponse } from "../../domain/patients/index.ts";
import { PatientId } from "../../domain/shared/ids.ts";
import { STAFF_PATIENTS_PAGE_PAUSE_MS, type StaffPatientsPageRequest, staffPatientsMachine } from "./staff-patients.machine.ts";

const row = (id: number) => ({
  id: PatientId.make(id),
  first_name: `P${id}`,
  last_name: "Patient",
  email: `p${id}@patients.test`,
  birthdate: "1950-01-01",
  status: "active" as const,
  reviewed_status: "pending" as const,
  staff: null,
  created_at: "2026-01-01T00:00:00.000Z",
  version: 1,
});

/**
 * A server of `total` pages, with each call's page (and the whole request) recorded; `failOn`
 * pages fail once. Each page but the last answers a cursor naming the page after it.
 */
const server = (total: number, failOn: readonly number[] = []) => {
  const calls: number[] = [];
  const requests: StaffPatientsPageRequest[] = [];
  const failing = new Set(failOn);
  const loadPage = fromPromise<PatientListResponse, StaffPatientsPageRequest>(async ({ input }) => {
    calls.push(input.page);
    requests.push(input);
    if (failing.delete(input.page)) throw { code: "ERROR_001", message: "An error occurred", status: 500 };
    const next_cursor = input.page < total ? `after-${input.page}` : null;
    return { current_page: input.page, total_pages: total, count: total * 2, results: [row(input.page * 10 + 1), row(input.page * 10 + 2)], next_cursor };
  });
  return { calls, requests, loadPage };
};

const start = (total: number, failOn: readonly number[] = []) => {
  const clock = new SimulatedClock();
  const fake = server(total, failOn);
  const actor = createActor(staffPatientsMachine.provide({ actors: { loadPage: fake.loadPage } }), { input: { staffId: 7 }, clock }).start();
  return { actor, clock, calls: fake.calls, requests: fake.requests };
};

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the staff-assigned patient list, page by page", () => {
  it("loads page 1 at once, then each next page only after the 5000 ms pause, and stops at the last", async () => {
    const { actor, clock, calls } = start(3);
    await settle();
    expect(calls).toEqual([1]);
    expect(actor.getSnapshot().value).toBe("pausing");
    clock.increment(STAFF_PATIENTS_PAGE_PAUSE_MS - 1);
    await settle();
    expect(calls).toEqual([1]);
    clock.increment(1);
    await settle();
    expect(calls).toEqual([1, 2]);
    clock.increment(STAFF_PATIENTS_PAGE_PAUSE_MS);
    await settle();
    expect(calls).toEqual([1, 2, 3]);
    const done = actor.getSnapshot();
    expect(done.status).toBe("done");
    expect(done.context.rows.map((patient) => patient.id)).toEqual([11, 12, 21, 22, 31, 32]);
    clock.increment(STAFF_PATIENTS_PAGE_PAUSE_MS * 3);
    await settle();
    expect(calls).toEqual([1, 2, 3]);
  });

  it("asks each next page with the cursor the page before answered, and page 1 with none", async () => {
    const { clock, requests } = start(3, [3]);
    await settle();
    clock.increment(STAFF_PATIENTS_PAGE_PAUSE_MS);
    await settle();
    clock.increment(STAFF_PATIENTS_PAGE_PAUSE_MS);
    await settle();
    expect(requests).toEqual([
      { staffId: 7, page: 1 },
      { staffId: 7, page: 2, cursor: "after-1" },
      { staffId: 7, page: 3, cursor: "after-2" },
    ]);
  });

  it("retries a failed page with the same cursor it failed with", async () => {
    const { actor, clock, requests } = start(3, [2]);
    await settle();
    clock.increment(STAFF_PATIENTS_PAGE_PAUSE_MS);
    await settle();
    actor.send({ type: "retry" });
    await settle();
    expect(requests.slice(1)).toEqual([
      { staffId: 7, page: 2, cursor: "after-1" },
      { staffId: 7, page: 2, cursor: "after-1" },
    ]);
  });

  it("asks no further page when there is only one", async () => {
    const { actor, calls } = start(1);
    await settle();
    expect(calls).toEqual([1]);
    expect(actor.getSnapshot().status).toBe("done");
  });

  it("stops on a failure, keeping the rows it has, until retried", async () => {
    const { actor, clock, calls } = start(3, [2]);
    await settle();
    clock.increment(STAFF_PATIENTS_PAGE_PAUSE_MS);
    await settle();
    expect(actor.getSnapshot().value).toBe("failed");
    expect(actor.getSnapshot().context.rows).toHaveLength(2);
    expect(actor.getSnapshot().context.error?.code).toBe("ERROR_001");
    clock.increment(STAFF_PATIENTS_PAGE_PAUSE_MS * 2);
    await settle();
    expect(calls).toEqual([1, 2]);
    actor.send({ type: "retry" });
    await settle();
    expect(calls).toEqual([1, 2, 2]);
    expect(actor.getSnapshot().context.rows).toHaveLength(4);
  });

  it("asks nothing more once stopped (the page unmounted during a pause)", async () => {
    const { actor, clock, calls } = start(5);
    await settle();
    actor.stop();
    clock.increment(STAFF_PATIENTS_PAGE_PAUSE_MS * 5);
    await settle();
    expect(calls).toEqual([1]);
  });
});
