import type { StatisticsDay } from '@otklik/contract';
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { STATS_TEXTS } from '../ru';
import styles from './statistics.module.css';

const T = STATS_TEXTS.chart;
const HEIGHT = 240;

/** The colours of the design tokens, read at drawing time (the chart draws on a canvas, not in CSS). */
function token(name: string, fallback: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

/** A 2D canvas to draw on: browsers have one; a DOM without one (jsdom in tests) gets the summary line only. */
let drawable: boolean | undefined;
function canDraw(): boolean {
  if (drawable === undefined) {
    try {
      drawable = Boolean(document.createElement('canvas').getContext('2d'));
    } catch {
      drawable = false;
    }
  }
  return drawable;
}

/** The daily chart itself (loaded lazily by DailyChart): two lines over the days, as wide as its box. */
export default function UplotChart({ days }: { days: StatisticsDay[] }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el || !canDraw()) return;
    const x = days.map((d) => Date.parse(`${d.date}T00:00:00Z`) / 1000);
    const accent = token('--color-accent', '#4f46e5');
    const warn = token('--color-danger', '#d93036');
    const muted = token('--color-text-muted', '#6b7280');
    const grid = token('--color-border', '#e5e7eb');
    const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid, width: 1 } };
    const plot = new uPlot(
      {
        width: el.clientWidth || 600,
        height: HEIGHT,
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'UTC'),
        fmtDate: () => (d: Date) => `${d.getDate()}.${String(d.getMonth() + 1).padStart(2, '0')}`,
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] } },
        axes: [
          { ...axis, values: (_u, ticks) => ticks.map((t) => String(new Date(t * 1000).getUTCDate())) },
          { ...axis, values: (_u, ticks) => ticks.map((t) => (Number.isInteger(t) ? String(t) : '')) },
        ],
        legend: { live: true },
        cursor: { drag: { x: false, y: false } },
        series: [
          { label: 'День', value: (_u, v) => (v == null ? '—' : new Date(v * 1000).toISOString().slice(8, 10)) },
          { label: T.conversations, stroke: accent, width: 2, fill: `${accent}1a`, points: { size: 5 } },
          { label: T.handoffs, stroke: warn, width: 2, dash: [6, 4], points: { size: 5 } },
        ],
      },
      [x, days.map((d) => d.conversations), days.map((d) => d.handoffs)],
      el,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height: HEIGHT }));
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [days]);
  return (
    <div
      ref={box}
      className={styles.uplot}
      role="img"
      aria-label={`${T.conversations} и ${T.handoffs.toLowerCase()} по дням`}
    />
  );
}
