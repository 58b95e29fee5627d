import type { ProgressPoint } from "../../../domain/session-review/progress-points.ts";
import { accuracyAxis, durationAxis, type ValueAxis } from "../../../domain/session-review/progress-scale.ts";
import { formatDate } from "../../../domain/shared/format/date.ts";
import * as styles from "./overview.css.ts";

// Drawing units of the viewBox; the SVG scales to its column (never below the chart's minimum width).
const WIDTH = 640;
const LEFT = 64;
const RIGHT = 24;
const PANEL_HEIGHT = 130;
const ACCURACY_TOP = 40;
const TIME_TOP = ACCURACY_TOP + PANEL_HEIGHT + 64;
const X_LABELS = TIME_TOP + PANEL_HEIGHT + 22;
const HEIGHT = X_LABELS + 30;
const PLOT_WIDTH = WIDTH - LEFT - RIGHT;

type Series = "accuracy" | "time";
type Located = { readonly x: number; readonly y: number };

const xOf = (index: number, count: number): number => (count <= 1 ? LEFT + PLOT_WIDTH / 2 : LEFT + (index * PLOT_WIDTH) / (count - 1));
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

function Marker({ series, x, y }: { readonly series: Series } & Located) {
  return series === "accuracy" ? (
    <circle className={styles.accuracyPoint} cx={x} cy={y} r={5} />
  ) : (
    <rect className={styles.timePoint} x={x - 4.5} y={y - 4.5} width={9} height={9} />
  );
}

/** One panel: its title with the series' own line and marker as the legend, the value marks, the line and its points. */
function Panel({ series, axis, top, values }: { readonly series: Series; readonly axis: ValueAxis; readonly top: number; readonly values: readonly (number | null)[] }) {
  const located = values.map((value, index) => (value === null ? null : { x: xOf(index, values.length), y: yOf(value, axis, top) }));
  return (
    <g>
      <line className={series === "accuracy" ? styles.accuracyLine : styles.timeLine} x1={LEFT} x2={LEFT + 28} y1={top - 22} y2={top - 22} />
      <Marker series={series} x={LEFT + 14} y={top - 22} />
      <text className={styles.chartTitle} x={LEFT + 38} y={top - 17}>
        {axis.title}
      </text>
      {axis.ticks.map((tick) => {
        const y = yOf(tick, axis, top);
        return (
          <g key={tick}>
            <line className={tick === 0 ? styles.axisLine : styles.gridLine} x1={LEFT} x2={WIDTH - RIGHT} y1={y} y2={y} />
            <text className={styles.chartText} x={LEFT - 8} y={y + 4} textAnchor="end">
              {axis.tickLabel(tick)}
            </text>
          </g>
        );
      })}
      <line className={styles.axisLine} x1={LEFT} x2={LEFT} y1={top} y2={top + PANEL_HEIGHT} />
      {located.every((point) => point === null) ? (
        <text className={styles.chartText} x={LEFT + PLOT_WIDTH / 2} y={top + PANEL_HEIGHT / 2} textAnchor="middle">
          Not recorded for these sessions
        </text>
      ) : null}
      <path className={series === "accuracy" ? styles.accuracyLine : styles.timeLine} d={pathOf(located)} />
      {located.map((point, index) => (point === null ? null : <Marker key={index} series={series} x={point.x} y={point.y} />))}
    </g>
  );
}

// Accuracy and time have different units, so each gets its own panel and scale over one shared
// session axis (a second y axis on one panel invites reading where the lines cross). The picture
// is one image to assistive technology, named by the summary; the numbers are in the table
// beside it (docs/session-review.md, "Exercise overview").
export function ProgressChart({ points, summary }: { readonly points: readonly ProgressPoint[]; readonly summary: string }) {
  const accuracy = points.map((point) => point.accuracyPercent);
  const time = points.map((point) => point.durationSeconds);
  const highest = (values: readonly (number | null)[]) => {
    const present = values.filter((value): value is number => value !== null);
    return present.length === 0 ? null : Math.max(...present);
  };
  const first = points[0];
  const last = points.at(-1);
  return (
    <svg className={styles.chart} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={summary} preserveAspectRatio="xMidYMid meet">
      <Panel series="accuracy" axis={accuracyAxis(highest(accuracy))} top={ACCURACY_TOP} values={accuracy} />
      <Panel series="time" axis={durationAxis(highest(time))} top={TIME_TOP} values={time} />
      {first === undefined || last === undefined ? null : (
        <>
          <text className={styles.chartText} x={points.length === 1 ? xOf(0, 1) : LEFT} y={X_LABELS} textAnchor={points.length === 1 ? "middle" : "start"}>
            {formatDate(first.startTime)}
          </text>
          {points.length === 1 ? null : (
            <text className={styles.chartText} x={WIDTH - RIGHT} y={X_LABELS} textAnchor="end">
              {formatDate(last.startTime)}
            </text>
          )}
          <text className={styles.chartText} x={LEFT + PLOT_WIDTH / 2} y={X_LABELS + 22} textAnchor="middle">
            {points.length === 1 ? "1 session" : `${points.length} sessions, oldest to newest`}
          </text>
        </>
      )}
    </svg>
  );
}
