// The 2026 CPT rule table for remote therapeutic monitoring (RTM), as data. Source of every entry:
// AMA CPT 2026 code set as summarised by AAPC and ASHA (issue 24; docs/billing.md lists the table).
// The rules in data-days.ts, management-time.ts and billing-lines.ts read only these constants.

/** A rolling device-supply period lasts 30 days from the start of monitoring (AMA CPT 2026 via AAPC, ASHA). */
export const SUPPLY_PERIOD_DAYS = 30;

/** Data days a period needs: 16-30 → the 16-30 day code, 2-15 → the 2-15 day code (new in 2026), fewer → none (AMA CPT 2026 via AAPC, ASHA). */
export const SUPPLY_DAYS = { short: 2, full: 16 } as const;

/** The two tiers of device supply a period can support: "full" is 16-30 days, "short" is 2-15 days. */
export type SupplyTier = keyof typeof SUPPLY_DAYS;

/**
 * Device supply codes per supply kind, 16-30 day code ("full") and 2-15 day code ("short", new in 2026):
 * respiratory 98976/98984, musculoskeletal 98977/98985, cognitive behavioural therapy 98978/98986
 * (AMA CPT 2026 via AAPC, ASHA). Which kind fits speech and cognitive exercise is a payer question,
 * so each institution chooses (SUPPLY_KIND_NOTE).
 */
export const SUPPLY_CODES = {
  respiratory: { full: "98976", short: "98984" },
  musculoskeletal: { full: "98977", short: "98985" },
  cognitiveBehavioural: { full: "98978", short: "98986" },
} as const;

/** The supply kind an institution bills under. */
export type SupplyKind = keyof typeof SUPPLY_CODES;

/** Every supply kind, in the order the settings screen offers them. */
export const SUPPLY_KINDS: readonly SupplyKind[] = ["respiratory", "musculoskeletal", "cognitiveBehavioural"];

/** What the settings screen must say beside the choice: the domain does not decide the supply kind. */
export const SUPPLY_KIND_NOTE =
  "Which device supply code applies to speech and cognitive exercise is decided by each payer; choose the one your payers accept.";

/** Initial set-up and patient education on the equipment: 98975, once per episode of care (AMA CPT 2026 via AAPC, ASHA). */
export const SETUP_CODE = "98975";

/**
 * Treatment management per calendar month: 10-19 minutes → 98979 (new in 2026); the first 20 minutes → 98980;
 * each further full 20 minutes → one unit of 98981; 98979 is never billed with 98980 in the same month (AMA CPT 2026 via AAPC, ASHA).
 */
export const MANAGEMENT_CODES = { short: "98979", first20: "98980", each20: "98981" } as const;

/** Minutes the management codes need: 10 for 98979, 20 for 98980, then each further 20 for 98981 (AMA CPT 2026 via AAPC, ASHA). */
export const MANAGEMENT_MINUTES = { short: 10, first20: 20, each20: 20 } as const;

/** Management codes need at least one live interactive communication (a logged call) in the month; portal messages do not count (AMA CPT 2026 via AAPC, ASHA). */
export const MANAGEMENT_NEEDS_LIVE_CALL = true;

/** Modifier GN marks services delivered under a speech-language pathology plan of care; it goes on every line (ASHA). */
export const SLP_MODIFIER = "GN";

/** Every code the rules may put on a claim line. */
export const RTM_CODES: readonly string[] = [
  ...Object.values(SUPPLY_CODES).flatMap((pair) => [pair.full, pair.short]),
  SETUP_CODE,
  MANAGEMENT_CODES.short,
  MANAGEMENT_CODES.first20,
  MANAGEMENT_CODES.each20,
];

/** The supply code a tier supports under the institution's supply kind. */
export const supplyCode = (kind: SupplyKind, tier: SupplyTier): string => SUPPLY_CODES[kind][tier];
