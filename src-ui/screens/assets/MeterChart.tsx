/**
 * A meter's readings of the last 90 days as a small line (docs/decisions.md: Meters and readings),
 * drawn with uPlot: a canvas chart of a few tens of KB that draws thousands of points at once. This
 * module is loaded only when an asset's meter has readings to draw (AssetMeters.tsx, React.lazy), so
 * neither the library nor its stylesheet is part of any other screen. The readings' table beside it
 * is what screen readers read; the chart says what it shows in its label.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { useSnapshot } from 'valtio';
import { CHART_DAYS, type Meter } from '../../../shared/api/meters';
import type { QueuedReading } from '../../../shared/areas/meters';
import { inTakenOrder } from '../../../shared/rules/meter-readings';
import { formatReading } from '../../format/display';
import { useT } from '../../i18n/language';
import { useSynced, useWorkerRead } from '../../state/hooks';
import { themeState } from '../../theme/theme';

const HEIGHT = 160;

export default function MeterChart({ meter, queued }: { meter: Meter; queued: readonly QueuedReading[] }) {
  const t = useT();
  const chart = useWorkerRead(`meter-chart|${meter.id}`, (worker) => worker.meters.chart(meter.id));
  useSynced('meters', String(meter.id), () => void chart.reload());
  const { theme } = useSnapshot(themeState);
  const box = useRef<HTMLDivElement>(null);
  const points = inTakenOrder([...(chart.result?.data.points ?? meter.recent_readings), ...queued]);
  const xs = points.map((p) => Date.parse(p.taken_at) / 1000);
  const ys = points.map((p) => p.value);
  const key = `${xs.join(',')}|${ys.join(',')}|${theme}`;

  useEffect(() => {
    const el = box.current;
    if (!el || xs.length < 2) return;
    // The theme's own colours, read from the page, so the line and its axes follow a theme change.
    const style = getComputedStyle(el);
    const text = style.color;
    const line = style.getPropertyValue('--primary-color').trim() || text;
    const grid = style.getPropertyValue('--surface-border').trim() || 'rgba(128,128,128,0.3)';
    const axis = { stroke: text, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const plot = new uPlot(
      {
        width: el.clientWidth,
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        series: [{}, { stroke: line, width: 2, points: { show: xs.length <= 60, size: 5, stroke: line, fill: line } }],
        axes: [axis, { ...axis, size: 60, values: (_u, splits) => splits.map((v) => formatReading(v)) }],
      },
      [xs, ys],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
    // The key stands for the points and the theme: the chart is drawn again only when they change.
  }, [key]);

  if (points.length < 2) return null;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  const label = t('{meter} over the last {days} days: {count} readings, from {first} to {last} {unit}.', {
    meter: meter.name,
    days: CHART_DAYS,
    count: points.length,
    first: formatReading(first.value),
    last: formatReading(last.value),
    unit: meter.unit,
  });
  return <div ref={box} className="meter-chart" role="img" aria-label={label} />;
}
