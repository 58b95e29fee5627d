// What a patient's billing panel (issue 24, the patient record) says about device supply: the current
// 30-day period with its data days, the supply code they support so far and what is still missing,
// the previous period in one line, and a day strip whose every day has words (never colour alone).
// Computed from the data-days answer (data-days-wire.ts) with the rules of data-days.ts.
import { countOf, formFor, forms } from "../shared/format/plural.ts";
import { dataDaysText } from "./billing-status.ts";
import { isPeriodSettled, type SupplyPeriod, supplyNeed, supplyPeriods } from "./data-days.ts";
import type { PatientDataDays } from "./data-days-wire.ts";
import { shortDayLabel } from "../shared/calendar/labels.ts";
import { addDays, daysBetween, type IsoDay } from "./iso-day.ts";
import { SUPPLY_CODES, SUPPLY_DAYS, SUPPLY_KINDS, SUPPLY_PERIOD_DAYS, type SupplyTier } from "./rtm-codes.ts";

const SESSION = forms("session", "sessions");
const DATA_DAY = forms("data day", "data days");

/** One day of the strip: its date, its sessions, where it stands against today, and its words. */
export type StripDay = {
  readonly day: IsoDay;
  readonly sessions: number;
  readonly when: "past" | "today" | "future";
  /** "Dec 3: 2 sessions", "Dec 4: no session", "Dec 12 (today): no session yet", "Dec 20: not yet". */
  readonly label: string;
};

/** One period as the panel words it. */
export type PanelPeriod = {
  readonly start: IsoDay;
  readonly end: IsoDay;
  /** "Dec 1 – Dec 30". */
  readonly dates: string;
  readonly dataDayCount: number;
  readonly tier: SupplyTier | null;
  /** "supports the 2-15 day supply code (98984, 98985 or 98986 by the institution's supply kind)", or "supports no supply code yet". */
  readonly supports: string;
};

/** The panel, or no period at all before the patient's first session. */
export type DataDaysPanel =
  | { readonly kind: "not started" }
  | {
      readonly kind: "monitoring";
      readonly current: PanelPeriod;
      readonly previous: PanelPeriod | null;
      /** "5 data days of 16". */
      readonly progress: string;
      /** What the current period still needs, or that it reached or can no longer reach a code. */
      readonly need: string;
      readonly strip: readonly StripDay[];
    };

/** "16-30 day" and "2-15 day": the tiers as the code table names them. */
export const TIER_NAME: Readonly<Record<SupplyTier, string>> = {
  full: `${SUPPLY_DAYS.full}-${SUPPLY_PERIOD_DAYS} day`,
  short: `${SUPPLY_DAYS.short}-${SUPPLY_DAYS.full - 1} day`,
};

/** The tier's codes under every supply kind: which applies is the institution's choice (SUPPLY_KIND_NOTE). */
const codesOf = (tier: SupplyTier): string => {
  const codes = SUPPLY_KINDS.map((kind) => SUPPLY_CODES[kind][tier]);
  return `${codes.slice(0, -1).join(", ")} or ${codes.at(-1) ?? ""}`;
};

const supportsText = (tier: SupplyTier | null): string =>
  tier === null ? "supports no supply code yet" : `supports the ${TIER_NAME[tier]} supply code (${codesOf(tier)} by the institution's supply kind)`;

const panelPeriod = (period: SupplyPeriod): PanelPeriod => ({
  start: period.start,
  end: period.end,
  dates: `${shortDayLabel(period.start)} – ${shortDayLabel(period.end)}`,
  dataDayCount: period.dataDays.length,
  tier: period.tier,
  supports: supportsText(period.tier),
});

/** What the current period still needs: the next tier it can reach, with the day by which the first missing data day must come. */
const needText = (period: SupplyPeriod, today: IsoDay): string => {
  if (period.tier === "full") return `reached ${SUPPLY_DAYS.full} data days: the ${TIER_NAME.full} code is settled`;
  if (isPeriodSettled(period, today)) return "the period has ended";
  const threshold = period.tier === null ? SUPPLY_DAYS.short : SUPPLY_DAYS.full;
  const need = supplyNeed(period, threshold, today);
  if (need.kind === "needs") return `${dataDaysText(need.more, need.by)} for the ${TIER_NAME[period.tier === null ? "short" : "full"]} code`;
  if (need.kind === "reached") return supportsText(period.tier);
  return period.tier === null
    ? `cannot reach ${countOf(SUPPLY_DAYS.short, DATA_DAY)} in this period: too few days are left`
    : `cannot reach ${countOf(SUPPLY_DAYS.full, DATA_DAY)} in this period: too few days are left`;
};

export const stripDay = (day: IsoDay, sessions: number, today: IsoDay): StripDay => {
  const offset = daysBetween(today, day);
  const when = offset < 0 ? "past" : offset === 0 ? "today" : "future";
  const date = shortDayLabel(day);
  const label =
    when === "future"
      ? `${date}: not yet`
      : sessions > 0
        ? `${date}${when === "today" ? " (today)" : ""}: ${countOf(sessions, SESSION)}`
        : when === "today"
          ? `${date} (today): no session yet`
          : `${date}: no session`;
  return { day, sessions, when, label };
};

/** The panel of a data-days answer: the periods from the start of monitoring, the current one last. */
export const dataDaysPanel = (answer: PatientDataDays): DataDaysPanel => {
  if (answer.monitoring_start === null) return { kind: "not started" };
  const periods = supplyPeriods(answer.monitoring_start, answer.days.map((entry) => entry.day), answer.today);
  const current = periods.at(-1);
  if (current === undefined) return { kind: "not started" };
  const previous = periods.length > 1 ? periods.at(-2) : undefined;
  const sessionsOn = new Map(answer.days.map((entry) => [entry.day, entry.sessions]));
  const strip = Array.from({ length: SUPPLY_PERIOD_DAYS }, (_, index) => {
    const day = addDays(current.start, index);
    return stripDay(day, sessionsOn.get(day) ?? 0, answer.today);
  });
  return {
    kind: "monitoring",
    current: panelPeriod(current),
    previous: previous === undefined ? null : panelPeriod(previous),
    progress: `${current.dataDays.length} ${formFor(current.dataDays.length, DATA_DAY)} of ${SUPPLY_DAYS.full}`,
    need: needText(current, answer.today),
    strip,
  };
};
