import { useId } from "react";
import { formatMoney } from "~/utils/format";

/*
 * Charts drawn on the server as SVG: readable without JavaScript. The SVG is the picture only
 * (aria-hidden, its links out of the tab order); a table with the same figures and links is the
 * text equivalent for screen readers, and shows itself when a keyboard user tabs into it.
 */

export type ChartPoint = { label: string; value: number; href?: string };
type Format = "cents" | "count";

const BAR_WIDTH = 360;
const BAR_HEIGHT = 200;
const PLOT_TOP = 18;
const PLOT_BOTTOM = 170;
const PLOT_LEFT = 44;
const PLOT_RIGHT = 352;

/** Full figure: "$1,234.50" or "1,234". */
export function formatChartValue(value: number, format: Format): string {
  return format === "cents" ? formatMoney(value) : value.toLocaleString("en-US");
}

/** Short figure for labels inside the picture: "$1.2k", "$850", "1.5k". */
export function formatChartShort(value: number, format: Format): string {
  const units = format === "cents" ? value / 100 : value;
  const sign = units < 0 ? "-" : "";
  const abs = Math.abs(units);
  const prefix = format === "cents" ? "$" : "";
  let text: string;
  if (abs >= 1_000_000) text = `${trim(abs / 1_000_000)}M`;
  else if (abs >= 1_000) text = `${trim(abs / 1_000)}k`;
  else text = format === "cents" ? String(Math.round(abs)) : String(abs);
  return `${sign}${prefix}${text}`;
}

function trim(n: number): string {
  return n >= 100 ? String(Math.round(n)) : n.toFixed(1).replace(/\.0$/, "");
}

/** A round top for the axis (1, 2, 2.5 or 5 times a power of ten) at or above the largest value. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * power >= max) return step * power;
  }
  return 10 * power;
}

/** Vertical bars (one series, or two when `previous` is given: e.g. this month against last). */
export function BarChart(props: {
  title: string; // the chart's heading text and its accessible name
  points: ChartPoint[];
  previous?: ChartPoint[]; // same length as points when given; drawn lighter
  seriesLabels?: [string, string]; // legend when previous is given
  format: "cents" | "count";
}) {
  const { title, points, previous, seriesLabels, format } = props;
  const id = useId();
  const headingId = `${id}-title`;
  const series = previous ? 2 : 1;
  const labels = seriesLabels ?? ["This period", "Previous period"];
  const all = [...points, ...(previous ?? [])].map((p) => p.value);
  // Four round steps up the axis; a count's steps are whole numbers.
  const step = niceMax(Math.max(0, ...all) / 4);
  const top = 4 * (format === "count" ? Math.max(1, Math.ceil(step)) : Math.max(step, 2_500));
  const plotHeight = PLOT_BOTTOM - PLOT_TOP;
  const slot = (PLOT_RIGHT - PLOT_LEFT) / Math.max(points.length, 1);
  const gap = Math.min(12, slot * 0.25);
  const barWidth = Math.min(40, (slot - gap) / series);
  const y = (value: number) => PLOT_BOTTOM - (Math.max(value, 0) / top) * plotHeight;
  const ticks = [0, 1, 2, 3, 4].map((i) => (i * top) / 4);
  const labelEvery = Math.ceil(points.length / 12);

  return (
    <figure className="chart" aria-labelledby={headingId}>
      <figcaption>
        <h2 id={headingId} className="chart-title">
          {title}
        </h2>
      </figcaption>
      {previous ? (
        <ul className="chart-legend" aria-hidden="true">
          <li>
            <span className="chart-swatch chart-swatch-current" /> {labels[0]}
          </li>
          <li>
            <span className="chart-swatch chart-swatch-previous" /> {labels[1]}
          </li>
        </ul>
      ) : null}
      <svg
        className="chart-svg"
        viewBox={`0 0 ${BAR_WIDTH} ${BAR_HEIGHT}`}
        aria-hidden="true"
        focusable="false"
        data-chart="bar"
      >
        {ticks.map((tick) => (
          <g key={tick}>
            <line className="chart-grid" x1={PLOT_LEFT} x2={PLOT_RIGHT} y1={y(tick)} y2={y(tick)} />
            <text className="chart-axis" x={PLOT_LEFT - 6} y={y(tick) + 4} textAnchor="end">
              {formatChartShort(tick, format)}
            </text>
          </g>
        ))}
        {points.map((point, i) => {
          const x0 = PLOT_LEFT + i * slot + (slot - barWidth * series) / 2;
          const before = previous?.[i];
          const bars = [
            ...(before ? [{ point: before, x: x0, className: "chart-bar chart-bar-previous" }] : []),
            { point, x: x0 + (before ? barWidth : 0), className: "chart-bar" },
          ];
          return (
            <g key={`${point.label}-${i}`}>
              {bars.map((bar) => {
                const rect = (
                  <rect
                    className={bar.className}
                    x={bar.x}
                    y={y(bar.point.value)}
                    width={Math.max(barWidth - 1, 1)}
                    height={Math.max(PLOT_BOTTOM - y(bar.point.value), bar.point.value > 0 ? 1 : 0)}
                    rx={2}
                  />
                );
                return bar.point.href ? (
                  <a key={bar.className} href={bar.point.href} tabIndex={-1}>
                    {rect}
                  </a>
                ) : (
                  <g key={bar.className}>{rect}</g>
                );
              })}
              {series === 1 && point.value > 0 ? (
                <text className="chart-value" x={x0 + barWidth / 2} y={y(point.value) - 4} textAnchor="middle">
                  {formatChartShort(point.value, format)}
                </text>
              ) : null}
              {i % labelEvery === 0 ? (
                <text
                  className="chart-axis"
                  x={PLOT_LEFT + i * slot + slot / 2}
                  y={PLOT_BOTTOM + 16}
                  textAnchor="middle"
                >
                  {point.label}
                </text>
              ) : null}
            </g>
          );
        })}
        <line className="chart-baseline" x1={PLOT_LEFT} x2={PLOT_RIGHT} y1={PLOT_BOTTOM} y2={PLOT_BOTTOM} />
      </svg>
      <ChartTable
        points={points}
        previous={previous}
        columns={previous ? labels : [format === "cents" ? "Amount" : "Count"]}
        format={format}
      />
    </figure>
  );
}

const ROW_HEIGHT = 40;

/** Horizontal bars: a ranking (by employee, by service...). */
export function RankingChart(props: { title: string; points: ChartPoint[]; format: "cents" | "count" }) {
  const { title, points, format } = props;
  const id = useId();
  const headingId = `${id}-title`;
  const top = Math.max(0, ...points.map((p) => p.value));
  const width = BAR_WIDTH;
  const valueRoom = 80;
  const height = Math.max(points.length, 1) * ROW_HEIGHT + 4;
  const barLength = (value: number) => (top > 0 ? (Math.max(value, 0) / top) * (width - valueRoom) : 0);

  return (
    <figure className="chart" aria-labelledby={headingId}>
      <figcaption>
        <h2 id={headingId} className="chart-title">
          {title}
        </h2>
      </figcaption>
      <svg
        className="chart-svg"
        viewBox={`0 0 ${width} ${height}`}
        aria-hidden="true"
        focusable="false"
        data-chart="ranking"
      >
        {points.map((point, i) => {
          const rowTop = i * ROW_HEIGHT;
          const length = barLength(point.value);
          const body = (
            <>
              <text className="chart-label" x={0} y={rowTop + 14}>
                {point.label}
              </text>
              <rect className="chart-track" x={0} y={rowTop + 20} width={width - valueRoom} height={14} rx={2} />
              <rect
                className="chart-bar"
                x={0}
                y={rowTop + 20}
                width={Math.max(length, point.value > 0 ? 2 : 0)}
                height={14}
                rx={2}
              />
              <text className="chart-value" x={width - valueRoom + 6} y={rowTop + 32}>
                {formatChartShort(point.value, format)}
              </text>
            </>
          );
          return point.href ? (
            <a key={`${point.label}-${i}`} href={point.href} tabIndex={-1}>
              {body}
            </a>
          ) : (
            <g key={`${point.label}-${i}`}>{body}</g>
          );
        })}
      </svg>
      <ChartTable points={points} columns={[format === "cents" ? "Amount" : "Count"]} format={format} />
    </figure>
  );
}

/** The figures as text: a table for screen readers, shown when a keyboard user tabs into it. */
function ChartTable({
  points,
  previous,
  columns,
  format,
}: {
  points: ChartPoint[];
  previous?: ChartPoint[];
  columns: string[];
  format: Format;
}) {
  return (
    <div className="chart-data">
      <table>
        <thead>
          <tr>
            <th scope="col">Label</th>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((point, i) => {
            const before = previous?.[i];
            return (
              <tr key={`${point.label}-${i}`}>
                <th scope="row">{point.href ? <a href={point.href}>{point.label}</a> : point.label}</th>
                <td>{formatChartValue(point.value, format)}</td>
                {before ? <td>{formatChartValue(before.value, format)}</td> : null}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
