import { useId, useState, type ReactNode } from 'react';
import { cn } from '#client/lib/cn';

export interface ChartPoint {
  /** What the point is (a day, a week), as the table's first column shows it. */
  label: string;
  /** Shorter, under the chart's axis (every few points only); empty for none. */
  axisLabel: string;
  value: number;
}

/**
 * A chart with its data as a table (issue 25): the picture is hidden from screen readers, which
 * read the table instead; "Show as table" shows it to everyone. Colours come from the theme's
 * tokens, so night mode needs nothing of its own.
 */
export function ChartFigure({
  title,
  summary,
  valueHeading,
  points,
  formatValue = String,
  children,
}: {
  title: string;
  /** One sentence with the figure that matters ("42 minutes this week"). */
  summary: string;
  valueHeading: string;
  points: readonly ChartPoint[];
  formatValue?: (value: number) => string;
  children: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  return (
    <figure aria-labelledby={titleId} className="rounded-xl border border-line bg-surface p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={titleId} className="font-sans text-base font-semibold text-ink">
          {title}
        </h3>
        <button
          type="button"
          aria-pressed={asTable}
          onClick={() => setAsTable((shown) => !shown)}
          className="rounded text-sm font-medium text-accent-ink underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
        >
          Show as table
        </button>
      </div>
      <p className="mt-1 text-sm text-ink-muted">{summary}</p>
      {!asTable && (
        <div aria-hidden="true" className="mt-3">
          {children}
        </div>
      )}
      {/* A table ignores sr-only's 1 px width: the box around it hides it from sight. */}
      <div className={cn(!asTable && 'sr-only')} data-testid="chart-table">
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-line text-ink-muted">
              <th scope="col" className="py-1 pr-4 font-medium">
                Date
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                {valueHeading}
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.label} className="border-b border-line/60 last:border-0">
                <th scope="row" className="py-1 pr-4 font-normal text-ink">
                  {point.label}
                </th>
                <td className="py-1 text-right text-ink tabular-nums">
                  {formatValue(point.value)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

const HEIGHT = 120;

/**
 * The axis's labels under the picture, in HTML (an SVG stretched to the width would warp text),
 * each under its point; one near an edge leans inwards so it never leaves the chart.
 */
function AxisLabels({ points }: { points: readonly ChartPoint[] }) {
  const count = Math.max(1, points.length);
  return (
    <div className="relative mt-1 h-4 text-xs text-ink-muted">
      {points.map((point, i) => {
        if (point.axisLabel === '') return null;
        const centre = ((i + 0.5) / count) * 100;
        const shift = centre < 12 ? '0%' : centre > 88 ? '-100%' : '-50%';
        return (
          <span
            key={point.label}
            className="absolute top-0 whitespace-nowrap"
            style={{ left: `${centre}%`, transform: `translateX(${shift})` }}
          >
            {point.axisLabel}
          </span>
        );
      })}
    </div>
  );
}

/** Bars, one per point, scaled to the largest value (at least `minimumMax`); NaN draws none. */
export function BarChart({
  points,
  minimumMax = 1,
}: {
  points: readonly ChartPoint[];
  minimumMax?: number;
}) {
  const drawn = (value: number) => (Number.isFinite(value) ? value : 0);
  const max = Math.max(minimumMax, ...points.map((point) => drawn(point.value)));
  const width = Math.max(1, points.length) * 10;
  return (
    <>
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" className="h-32 w-full">
        <line x1={0} x2={width} y1={HEIGHT} y2={HEIGHT} className="stroke-line" strokeWidth={1} />
        {points.map((point, i) => {
          const height = (drawn(point.value) / max) * (HEIGHT - 4);
          return (
            <rect
              key={point.label}
              x={i * 10 + 1.5}
              y={HEIGHT - height}
              width={7}
              height={height}
              className="fill-accent"
            />
          );
        })}
      </svg>
      <AxisLabels points={points} />
    </>
  );
}

/** A line through the points (a running total), from zero to the largest value. */
export function LineChart({ points }: { points: readonly ChartPoint[] }) {
  const max = Math.max(1, ...points.map((point) => point.value));
  const width = Math.max(1, points.length) * 10;
  const y = (value: number) => HEIGHT - 2 - (value / max) * (HEIGHT - 6);
  const path = points
    .map((point, i) => `${i === 0 ? 'M' : 'L'}${i * 10 + 5},${y(point.value)}`)
    .join(' ');
  return (
    <>
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" className="h-32 w-full">
        <line x1={0} x2={width} y1={HEIGHT} y2={HEIGHT} className="stroke-line" strokeWidth={1} />
        <path
          d={path}
          fill="none"
          className="stroke-accent"
          strokeWidth={2.5}
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <AxisLabels points={points} />
    </>
  );
}
