import type { Trend } from "../shared/format/percentage.ts";

/** One stat tile of the session-review pages: its label, its figure, and words beneath it (with the arrow they carry, if any). */
export type StatTile = {
  readonly key: string;
  readonly label: string;
  readonly value: string;
  readonly detail?: { readonly text: string; readonly trend?: Trend };
};
