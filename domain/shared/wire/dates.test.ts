import { fc, test } from "@fast-check/vitest";
import { describe, expect, it } from "vitest";
import { CalendarDate, IsoDateTime } from "./dates.ts";
import { decodeStrict } from "./decode.ts";
import { calendarDateArb, isoDateTimeArb, roundTrip } from "./wire-arbitraries.test-helper.ts";

describe("calendar dates (yyyy-MM-dd)", () => {
  it.each(["1990-05-17", "2000-02-29", "1900-01-01"])("accepts %s", (text) => {
    expect(decodeStrict(CalendarDate)(text)).toEqual({ ok: true, value: text });
  });

  it.each(["1990-5-17", "17/05/1990", "1990-02-30", "1900-02-29", "2023-13-01", "2023-00-10", "1990-05-17T00:00:00Z", "", " 1990-05-17"])(
    "refuses %j",
    (text) => {
      expect(decodeStrict(CalendarDate)(text)).toMatchObject({ ok: false, code: "ERROR_056" });
    },
  );

  test.prop([calendarDateArb])("every real day round-trips", (text) => {
    const trip = roundTrip(CalendarDate, text);
    expect(trip.decoded).toEqual({ ok: true, value: text });
    expect(trip.encoded).toEqual({ ok: true, value: text });
    expect(trip.decodedAgain).toEqual(trip.decoded);
  });
});

describe("ISO-8601 timestamps", () => {
  it.each(["2024-03-01T09:30:00Z", "2024-03-01T09:30:00.123Z", "2024-03-01T09:30:00+02:00", "2024-03-01T23:59:59.123456-05:30"])(
    "accepts %s",
    (text) => {
      expect(decodeStrict(IsoDateTime)(text)).toEqual({ ok: true, value: text });
    },
  );

  it.each(["2024-03-01", "2024-03-01T09:30Z", "2024-03-01T09:30:00", "2024-02-30T09:30:00Z", "2024-03-01T24:00:00Z", "2024-03-01 09:30:00Z", "yesterday", 1709285400000])(
    "refuses %j",
    (text) => {
      expect(decodeStrict(IsoDateTime)(text).ok).toBe(false);
    },
  );

  test.prop([isoDateTimeArb])("every moment JavaScript writes round-trips", (text) => {
    const trip = roundTrip(IsoDateTime, text);
    expect(trip.decoded).toEqual({ ok: true, value: text });
    expect(trip.decodedAgain).toEqual(trip.decoded);
  });

  test.prop([fc.anything()])("never throws", (input) => {
    expect(() => decodeStrict(IsoDateTime)(input)).not.toThrow();
    expect(() => decodeStrict(CalendarDate)(input)).not.toThrow();
  });
});
