import type { ValueAxis } from "../../domain/shared/charts/value-axis.ts";
import * as styles from "./value-chart.css.ts";

// Drawing units of a value chart's viewBox (the SVG scales to its column, never below the chart's
// minimum width): panels share one session axis from LEFT to CHART_WIDTH - CHART_RIGHT.
export const CHART_WIDTH = 640;
export const CHART_LEFT = 64;
export const CHART_RIGHT = 24;
export const PANEL_HEIGHT = 130;
export const PLOT_WIDTH = CHART_WIDTH - CHART_LEFT - CHART_RIGHT;

/** What a panel draws: accuracy (solid line, filled circles) or time (dashed line, hollow squares). */
export type ChartSeries = "accuracy" | "time";
/** A horizontal line at a value with its words beside it: a goal's target, a baseline. */
export type ChartReference = { readonly kind: "target" | "baseline"; readonly value: number; readonly label: string };

type Located = { readonly x: number; readonly y: number };

/** Where the index-th of `count` sessions sits across the plot. */
export const chartX = (index: number, count: number): number => (count <= 1 ? CHART_LEFT + PLOT_WIDTH / 2 : CHART_LEFT + (index * PLOT_WIDTH) / (count - 1));
const yOf = (value: number, axis: ValueAxis, top: number): number => top + PANEL_HEIGHT - (Math.min(value, axis.top) / axis.top) * PANEL_HEIGHT;

/** The line through the points, lifted over a session without the figure so a gap shows as a gap. */
const pathOf = (located: readonly (Located | null)[]): string => {
  let path = "";
  let drawing = false;
  for (const point of located) {
    if (point === null) {
      drawing = false;
      continue;
    }
    path += `${drawing ? "L" : "M"}${point.x.toFixed(1)} ${point.y.toFixed(1)} `;
    drawing = true;
  }
  return path.trim();
};

function Marker({ series, short = false, x, y }: { readonly series: ChartSeries; readonly short?: boolean } & Located) {
  if (short) return <path className={styles.shortPoint} d={`M${x} ${y - 6} L${x + 6} ${y} L${x} ${y + 6} L${x - 6} ${y} Z`} />;
  return series === "accuracy" ? (
    <circle className={styles.accuracyPoint} cx={x} cy={y} r={5} />
  ) : (
    <rect className={styles.timePoint} x={x - 4.5} y={y - 4.5} width={9} height={9} />
  );
}

export type ChartPanelProps = {
  readonly series: ChartSeries;
  readonly axis: ValueAxis;
  /** The panel's top in drawing units (its title sits 22 above). */
  readonly top: number;
  readonly values: readonly (number | null)[];
  /** Per value, whether it falls short of a reference (drawn as a hollow diamond); none: all plain. */
  readonly short?: readonly boolean[];
  readonly references?: readonly ChartReference[];
};

/**
 * One panel: its title with the series' own line and marker as the legend, the value marks, any
 * reference lines with their words at the right end, the line and its points.
 */
export function ChartPanel({ series, axis, top, values, short = [], references = [] }: ChartPanelProps) {
  const located = values.map((value, index) => (value === null ? null : { x: chartX(index, values.length), y: yOf(value, axis, top) }));
  return (
    <g>
      <line className={series === "accuracy" ? styles.accuracyLine : styles.timeLine} x1={CHART_LEFT} x2={CHART_LEFT + 28} y1={top - 22} y2={top - 22} />
      <Marker series={series} x={CHART_LEFT + 14} y={top - 22} />
      <text className={styles.chartTitle} x={CHART_LEFT + 38} y={top - 17}>
        {axis.title}
      </text>
      {axis.ticks.map((tick) => {
        const y = yOf(tick, axis, top);
        return (
          <g key={tick}>
            <line className={tick === 0 ? styles.axisLine : styles.gridLine} x1={CHART_LEFT} x2={CHART_WIDTH - CHART_RIGHT} y1={y} y2={y} />
            <text className={styles.chartText} x={CHART_LEFT - 8} y={y + 4} textAnchor="end">
              {axis.tickLabel(tick)}
            </text>
          </g>
        );
      })}
      <line className={styles.axisLine} x1={CHART_LEFT} x2={CHART_LEFT} y1={top} y2={top + PANEL_HEIGHT} />
      {references.map((reference) => {
        const y = yOf(reference.value, axis, top);
        // The words sit above the line, or below it when the line is near the panel's top.
        const textY = y - top < 16 ? y + 16 : y - 6;
        return (
          <g key={reference.kind}>
            <line className={reference.kind === "target" ? styles.targetLine : styles.baselineLine} x1={CHART_LEFT} x2={CHART_WIDTH - CHART_RIGHT} y1={y} y2={y} />
            {/* The target's words at the right end, the baseline's at the left, so close lines keep both legible. */}
            <text className={styles.referenceText} x={reference.kind === "target" ? CHART_WIDTH - CHART_RIGHT : CHART_LEFT + 8} y={textY} textAnchor={reference.kind === "target" ? "end" : "start"}>
              {reference.label}
            </text>
          </g>
        );
      })}
      {located.every((point) => point === null) ? (
        <text className={styles.chartText} x={CHART_LEFT + PLOT_WIDTH / 2} y={top + PANEL_HEIGHT / 2} textAnchor="middle">
          Not recorded for these sessions
        </text>
      ) : null}
      <path className={series === "accuracy" ? styles.accuracyLine : styles.timeLine} d={pathOf(located)} />
      {located.map((point, index) => (point === null ? null : <Marker key={index} series={series} short={short[index] === true} x={point.x} y={point.y} />))}
    </g>
  );
}
