import { SUPPLY_CODES, SUPPLY_KINDS, type SupplyKind } from "../billing/index.ts";

// The institution's remote-monitoring supply kind as the settings screen offers it: each kind with
// its two device supply codes, and "not chosen yet" (null), since the choice is the payers' (issue 24).

const KIND_NAME: Readonly<Record<SupplyKind, string>> = {
  respiratory: "Respiratory",
  musculoskeletal: "Musculoskeletal",
  cognitiveBehavioural: "Cognitive behavioural therapy",
};

/** What "not chosen yet" reads as, on the form and in a conflict. */
export const SUPPLY_KIND_UNCHOSEN = "Not chosen yet";

export type SupplyKindChoice = { readonly kind: SupplyKind; readonly label: string; readonly codes: string };

/** Every kind in SUPPLY_KINDS' order, named, with its codes in words: "98978 for 16-30 data days, 98986 for 2-15". */
export const SUPPLY_KIND_CHOICES: readonly SupplyKindChoice[] = SUPPLY_KINDS.map((kind) => ({
  kind,
  label: KIND_NAME[kind],
  codes: `${SUPPLY_CODES[kind].full} for 16-30 data days, ${SUPPLY_CODES[kind].short} for 2-15`,
}));

/** A stored supply kind in words, with its codes; null is "Not chosen yet". */
export const supplyKindText = (kind: SupplyKind | null): string => {
  const choice = SUPPLY_KIND_CHOICES.find((one) => one.kind === kind);
  return choice === undefined ? SUPPLY_KIND_UNCHOSEN : `${choice.label} (${SUPPLY_CODES[choice.kind].full}, ${SUPPLY_CODES[choice.kind].short})`;
};
