import { fc } from "@fast-check/vitest";
import type { PatientMonth } from "./billing-lines.ts";
import { addDays } from "./iso-day.ts";
import { SUPPLY_KINDS, type SupplyKind } from "./rtm-codes.ts";

// A generated patient month: monitoring started up to 100 days before the month, today somewhere
// in or after it, data days scattered around, time entries and calls across the month's edges.
const month = fc.constantFrom("2026-02", "2026-03", "2026-11", "2026-12");
/** A patient month with a chosen supply kind (the rules of issue 24). */
export const patientMonth = month.chain((m) =>
  fc.record({
    month: fc.constant(m),
    today: fc.integer({ min: 0, max: 40 }).map((n) => addDays(`${m}-01`, n)),
    monitoringStart: fc.option(fc.integer({ min: -100, max: 20 }).map((n) => addDays(`${m}-01`, n)), { nil: null }),
    dataDays: fc.uniqueArray(fc.integer({ min: -110, max: 45 }).map((n) => addDays(`${m}-01`, n)), { maxLength: 80 }),
    timeEntries: fc.array(
      fc.record({ day: fc.integer({ min: -2, max: 32 }), minute: fc.integer({ min: 0, max: 600 }), minutes: fc.integer({ min: 1, max: 45 }), clinicianId: fc.constantFrom("slp-1", "slp-1", "slp-1", "slp-2") }).map(({ day, minute, minutes, clinicianId }) => {
        const date = addDays(`${m}-01`, day);
        return { start: `${date}T${String(8 + Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}:00Z`, minutes, day: date, clinicianId };
      }),
      { maxLength: 6 },
    ),
    calls: fc.array(fc.record({ day: fc.integer({ min: -3, max: 33 }).map((n) => addDays(`${m}-01`, n)), minutes: fc.integer({ min: 0, max: 20 }) }), { maxLength: 2 }),
    supplyKind: fc.constantFrom(...SUPPLY_KINDS),
    setupBilledBefore: fc.boolean(),
    physiologicalMonitoring: fc.boolean(),
  }),
);

/** A patient month whose institution may not have chosen its supply kind yet (issue 31, item 1). */
export const anyKindPatientMonth: fc.Arbitrary<PatientMonth> = fc
  .tuple(patientMonth, fc.option(fc.constantFrom<SupplyKind>(...SUPPLY_KINDS), { nil: null, freq: 3 }))
  .map(([input, supplyKind]) => ({ ...input, supplyKind }));
