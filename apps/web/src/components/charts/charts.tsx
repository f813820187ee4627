import { type ReactNode, useEffect, useRef, useState } from 'react';
import './charts.css';

/**
 * The few chart shapes the portal draws (bars with lines on one or two axes, pies), as plain SVG: a
 * few KB instead of a charting library. Each chart is an image with its title as its name, a hover
 * title on every bar, dot and slice, and the same figures in a table that screen readers read (the
 * data-table alternative), visually hidden.
 */

export interface CartesianSeries {
  key: string;
  name: string;
  color: string;
  kind: 'bar' | 'line';
  axis?: 'left' | 'right';
  /** One value per label; null where there is none (lines join across it). */
  values: (number | null)[];
  /** How a value reads in the hover title and the table. */
  format?: (value: number) => string;
  dots?: boolean;
}

export interface PieSlice {
  key: string;
  name: string;
  value: number;
  color: string;
}

/** The width the chart's box has, followed as it changes. */
function useWidth(fallback: number): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement | null>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const next = Math.round(element.getBoundingClientRect().width);
      if (next > 0) setWidth(next);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/** A round step for about `count` intervals up to `max` (1, 2, 2.5 or 5 times a power of ten). */
export function niceTicks(max: number, count = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  const ticks: number[] = [];
  for (let v = 0; v < max + step * 0.999; v += step) ticks.push(Number(v.toPrecision(12)));
  return ticks;
}

function Legend({ items }: { items: { key: string; name: string; color: string }[] }) {
  return (
    <ul className="ov-chart-legend" aria-hidden="true">
      {items.map((item) => (
        <li key={item.key}>
          <i style={{ background: item.color }} />
          {item.name}
        </li>
      ))}
    </ul>
  );
}

function DataTable(props: { title: string; head: string[]; rows: { key: string; cells: ReactNode[] }[] }) {
  return (
    // A table is as wide as its cells whatever its own width: the clipping box is a div around it.
    <div className="ov-visually-hidden">
      <table>
        <caption>{props.title}</caption>
        <thead>
          <tr>
            <td />
            {props.head.map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.cells[0]}</th>
              {row.cells.slice(1).map((cell, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed column order
                <td key={i}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const plain = (value: number) => String(value);

/** Bars and lines over the same labels, on a left axis and optionally a right one. */
export function CartesianChart(props: {
  title: string;
  labels: string[];
  /** Longer label for the hover title and the table (a full period, a full date). */
  details?: string[];
  series: CartesianSeries[];
  height: number;
  leftTick?: (value: number) => string;
  rightTick?: (value: number) => string;
  leftWidth?: number;
  rightWidth?: number;
  legend?: boolean;
  testId?: string;
}) {
  const [ref, width] = useWidth(600);
  const { labels, series, height } = props;
  const hasRight = series.some((s) => s.axis === 'right');
  const margin = {
    top: 8,
    right: hasRight ? (props.rightWidth ?? 56) : 8,
    bottom: 22,
    left: props.leftWidth ?? 56,
  };
  const plotW = Math.max(width - margin.left - margin.right, 10);
  const plotH = Math.max(height - margin.top - margin.bottom, 10);
  const band = plotW / Math.max(labels.length, 1);
  const x = (i: number) => margin.left + band * (i + 0.5);
  const axisMax = (axis: 'left' | 'right') =>
    Math.max(
      0,
      ...series
        .filter((s) => (s.axis ?? 'left') === axis)
        .flatMap((s) => s.values.filter((v): v is number => v !== null)),
    );
  const leftTicks = niceTicks(axisMax('left'));
  const rightTicks = hasRight ? niceTicks(axisMax('right')) : [];
  const scale = (ticks: number[]) => {
    const top = ticks[ticks.length - 1] || 1;
    return (v: number) => margin.top + plotH - (v / top) * plotH;
  };
  const yLeft = scale(leftTicks);
  const yRight = scale(rightTicks);
  const yOf = (s: CartesianSeries) => (s.axis === 'right' ? yRight : yLeft);
  const bars = series.filter((s) => s.kind === 'bar');
  const barW = Math.min(36, (band * 0.7) / Math.max(bars.length, 1));
  const every = Math.max(1, Math.ceil((labels.length * 56) / plotW));
  const detail = (i: number) => props.details?.[i] ?? labels[i];
  const baseline = margin.top + plotH;

  return (
    <div className="ov-svg-chart" ref={ref} data-testid={props.testId}>
      <svg role="img" aria-label={props.title} height={height} viewBox={`0 0 ${width} ${height}`}>
        {leftTicks.map((tick) => (
          <g key={`l${tick}`}>
            <line
              className="ov-chart-grid"
              x1={margin.left}
              x2={margin.left + plotW}
              y1={yLeft(tick)}
              y2={yLeft(tick)}
            />
            <text x={margin.left - 6} y={yLeft(tick)} dy="0.32em" textAnchor="end">
              {(props.leftTick ?? plain)(tick)}
            </text>
          </g>
        ))}
        {rightTicks.map((tick) => (
          <text key={`r${tick}`} x={margin.left + plotW + 6} y={yRight(tick)} dy="0.32em">
            {(props.rightTick ?? plain)(tick)}
          </text>
        ))}
        {labels.map((label, i) =>
          i % every === 0 ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: labels may repeat; their place does not
            <text key={i} x={x(i)} y={baseline + 16} textAnchor="middle">
              {label}
            </text>
          ) : null,
        )}
        {bars.map((s, b) =>
          s.values.map((value, i) => {
            if (value === null) return null;
            const y = yOf(s)(value);
            const left = x(i) - (barW * bars.length) / 2 + b * barW;
            return (
              <rect
                // biome-ignore lint/suspicious/noArrayIndexKey: one bar per label
                key={`${s.key}${i}`}
                className="ov-chart-bar"
                x={left}
                y={y}
                width={Math.max(barW - 1, 1)}
                height={Math.max(baseline - y, 0)}
                rx={3}
                fill={s.color}
              >
                <title>{`${detail(i)} · ${s.name}: ${(s.format ?? plain)(value)}`}</title>
              </rect>
            );
          }),
        )}
        {series
          .filter((s) => s.kind === 'line')
          .map((s) => {
            const y = yOf(s);
            const points = s.values.flatMap((value, i) =>
              value === null ? [] : [[x(i), y(value), value, i] as const],
            );
            return (
              <g key={s.key}>
                <polyline
                  className="ov-chart-line"
                  fill="none"
                  stroke={s.color}
                  strokeWidth={2}
                  strokeLinejoin="round"
                  points={points.map(([px, py]) => `${px},${py}`).join(' ')}
                />
                {s.dots !== false
                  ? points.map(([px, py, value, i]) => (
                      <circle
                        key={i}
                        className="ov-chart-dot"
                        cx={px}
                        cy={py}
                        r={3}
                        fill="#fff"
                        stroke={s.color}
                        strokeWidth={2}
                      >
                        <title>{`${detail(i)} · ${s.name}: ${(s.format ?? plain)(value)}`}</title>
                      </circle>
                    ))
                  : null}
              </g>
            );
          })}
      </svg>
      {props.legend !== false ? <Legend items={series} /> : null}
      <DataTable
        title={props.title}
        head={series.map((s) => s.name)}
        rows={labels.map((_, i) => ({
          key: String(i),
          cells: [
            detail(i),
            ...series.map((s) => {
              const value = s.values[i];
              return value === null || value === undefined ? '—' : (s.format ?? plain)(value);
            }),
          ],
        }))}
      />
    </div>
  );
}

/** The path of one ring slice from angle a0 to a1 (radians, clockwise from 12 o'clock). */
function slicePath(cx: number, cy: number, outer: number, inner: number, a0: number, a1: number): string {
  // A whole ring cannot be one arc: draw it as two halves.
  if (a1 - a0 >= Math.PI * 2 - 1e-9) {
    const mid = a0 + Math.PI;
    return `${slicePath(cx, cy, outer, inner, a0, mid)} ${slicePath(cx, cy, outer, inner, mid, a1)}`;
  }
  const point = (r: number, a: number) => `${cx + r * Math.sin(a)},${cy - r * Math.cos(a)}`;
  const large = a1 - a0 > Math.PI ? 1 : 0;
  const outerArc = `M${point(outer, a0)} A${outer},${outer} 0 ${large} 1 ${point(outer, a1)}`;
  if (inner <= 0) return `${outerArc} L${cx},${cy} Z`;
  return `${outerArc} L${point(inner, a1)} A${inner},${inner} 0 ${large} 0 ${point(inner, a0)} Z`;
}

/** A pie (or ring) with each slice's share beside it. */
export function PieChart(props: {
  title: string;
  slices: PieSlice[];
  height: number;
  /** Inner radius as a share of the outer one: 0 for a pie. */
  inner?: number;
  percentLabel: (share: number) => string;
  format?: (value: number) => string;
  valueHeader: string;
  testId?: string;
}) {
  const [ref, width] = useWidth(400);
  const { height } = props;
  const slices = props.slices.filter((s) => s.value > 0);
  const total = slices.reduce((sum, s) => sum + s.value, 0) || 1;
  const cx = width / 2;
  const cy = height / 2;
  const outer = Math.max(Math.min(width, height) / 2 - 28, 10);
  const inner = outer * (props.inner ?? 0);
  let angle = 0;
  const drawn = slices.map((s) => {
    const a0 = angle;
    angle += (s.value / total) * Math.PI * 2;
    const mid = (a0 + angle) / 2;
    return { ...s, a0, a1: angle, mid, share: s.value / total };
  });

  return (
    <div className="ov-svg-chart" ref={ref} data-testid={props.testId}>
      <svg role="img" aria-label={props.title} height={height} viewBox={`0 0 ${width} ${height}`}>
        {drawn.map((s) => (
          <path
            key={s.key}
            className="ov-chart-slice"
            d={slicePath(cx, cy, outer, inner, s.a0, s.a1)}
            fill={s.color}
            stroke="#fff"
          >
            <title>{`${s.name}: ${(props.format ?? plain)(s.value)} (${props.percentLabel(s.share)})`}</title>
          </path>
        ))}
        {/* Slivers under 3 % go unlabelled (their labels piled up on one another); the slice's own
            title and the data table still give their share. */}
        {drawn
          .filter((s) => s.share >= 0.03)
          .map((s) => (
            <text
              key={`t${s.key}`}
              className="ov-chart-slice-label"
              x={cx + (outer + 14) * Math.sin(s.mid)}
              y={cy - (outer + 14) * Math.cos(s.mid)}
              dy="0.32em"
              textAnchor={Math.sin(s.mid) > 0.1 ? 'start' : Math.sin(s.mid) < -0.1 ? 'end' : 'middle'}
            >
              {props.percentLabel(s.share)}
            </text>
          ))}
      </svg>
      <Legend items={slices} />
      <DataTable
        title={props.title}
        head={[props.valueHeader, '%']}
        rows={drawn.map((s) => ({
          key: s.key,
          cells: [s.name, (props.format ?? plain)(s.value), props.percentLabel(s.share)],
        }))}
      />
    </div>
  );
}
