import * as Schema from "effect/Schema";
import { CalendarDate } from "../shared/wire/dates.ts";

/** A real calendar day "YYYY-MM-DD" (the wire's own rule). */
export const isCalendarDay = (text: string): boolean => Schema.is(CalendarDate)(text);
