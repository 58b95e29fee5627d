import { fc, test } from "@fast-check/vitest";
import { describe, expect } from "vitest";
import { GameSessionId, PatientId } from "../shared/ids.ts";
import { neighbourQueries, reviewWalkOf, walkQuery } from "./review-walk.ts";

const ids = fc.integer({ min: 1, max: 2 ** 31 - 1 });
const queueParam = fc.constantFrom(null, "caseload", "patient", "CASELOAD", "");
const onlyParam = fc.constantFrom(null, "correctable", "all", "");

describe("a session page's review walk", () => {
  test.prop([ids, ids, queueParam, onlyParam])("reads its scope and filter from the address, anything else being the patient's every pending session", (patient, session, queue, only) => {
    const search = new URLSearchParams();
    if (queue !== null) search.set("queue", queue);
    if (only !== null) search.set("only", only);
    const walk = reviewWalkOf(PatientId.make(patient), GameSessionId.make(session), search);
    expect(walk.scope).toBe(queue === "caseload" ? "caseload" : "patient");
    expect(walk.only).toBe(only === "correctable" ? "correctable" : null);
    expect(walk.patientId).toBe(patient);
    expect(walk.sessionId).toBe(session);
  });

  test.prop([ids, ids, queueParam, onlyParam])(
    "asks the same queue on both sides of the session, the patient named only for the patient's walk",
    (patient, session, queue, only) => {
      const search = new URLSearchParams([...(queue === null ? [] : [["queue", queue]]), ...(only === null ? [] : [["only", only]])]);
      const walk = reviewWalkOf(PatientId.make(patient), GameSessionId.make(session), search);
      const { next, previous } = neighbourQueries(walk);
      expect(next).toEqual({ ...walkQuery(walk), from: session, direction: "next" });
      expect(previous).toEqual({ ...walkQuery(walk), from: session, direction: "previous" });
      expect("patient" in next).toBe(walk.scope === "patient");
      expect("only" in next).toBe(walk.only !== null);
    },
  );
});
