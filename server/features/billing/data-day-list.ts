import { dayNumberToIso, type IsoDay } from "../../../domain/billing/index.ts";

// The data days of a patient as rtm-month-rows.ts's statement writes them: "day:sessions,…", each
// day a number of days since 1970-01-01, oldest first (a date's text costs the database twice an
// integer's). The day texts are the domain's own, each made once (dayNumberToIso).

const COLON = 58;
const COMMA = 44;
const MINUS = 45;
const ZERO = 48;

/**
 * The statement's text (null when the patient has no data day there) read digit by digit into the two
 * lists: splitting it made two strings and an object per data day, a tenth of a cold month-end's
 * garbage at 100,000 patients (issue 36).
 */
export const dayListsOf = (text: unknown): { readonly days: IsoDay[]; readonly sessions: number[] } => {
  const days: IsoDay[] = [];
  const sessions: number[] = [];
  if (typeof text !== "string") return { days, sessions };
  let value = 0;
  let sign = 1;
  let day = 0;
  for (let at = 0; at <= text.length; at += 1) {
    const code = at === text.length ? COMMA : text.charCodeAt(at);
    if (code === COLON) {
      day = sign * value;
      value = 0;
      sign = 1;
    } else if (code === COMMA) {
      if (at === 0) break;
      days.push(dayNumberToIso(day));
      sessions.push(value);
      value = 0;
    } else if (code === MINUS) sign = -1;
    else value = value * 10 + (code - ZERO);
  }
  return { days, sessions };
};
