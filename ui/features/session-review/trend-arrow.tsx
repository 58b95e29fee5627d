import type { Trend } from "../../../domain/shared/format/percentage.ts";

const ARROWS: Readonly<Record<Trend, string | null>> = { up: "▲", down: "▼", none: null };

/** The arrow of a change; decorative, because the words beside it say the direction. */
export function TrendArrow({ trend }: { readonly trend: Trend }) {
  const arrow = ARROWS[trend];
  return arrow === null ? null : <span aria-hidden="true">{arrow}</span>;
}
