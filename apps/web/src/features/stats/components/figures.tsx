import type { MonthFigures } from '@otklik/contract';
import { useId } from 'react';
import { formatChange, formatDuration, formatNumber, formatPercent } from '../lib/format';
import { STATS_TEXTS } from '../ru';
import styles from './statistics.module.css';

const T = STATS_TEXTS.figures;

interface Tile {
  label: string;
  value: string;
  hint?: string;
  detail?: string;
  /** The change against the month before, when a larger number is better or worse. */
  change?: { current: number; previous: number; goodWhenUp: boolean; points?: boolean };
}

function tiles(f: MonthFigures, p: MonthFigures): Tile[] {
  const byReason = [
    [T.byTrigger, f.handoffs.trigger],
    [T.noAnswer, f.handoffs.noAnswer],
    [T.visitorAsked, f.handoffs.visitorAsked],
  ]
    .filter(([, n]) => Number(n) > 0)
    .map(([label, n]) => `${label}: ${formatNumber(Number(n))}`)
    .join(' · ');
  return [
    {
      label: T.conversations,
      value: formatNumber(f.conversations),
      change: { current: f.conversations, previous: p.conversations, goodWhenUp: true },
    },
    {
      label: T.visitorMessages,
      value: formatNumber(f.visitorMessages),
      change: { current: f.visitorMessages, previous: p.visitorMessages, goodWhenUp: true },
    },
    {
      label: T.resolved,
      value: formatPercent(f.resolvedShare),
      hint: T.resolvedHint,
      detail: f.conversations ? `${formatNumber(f.resolvedByBot)} из ${formatNumber(f.conversations)}` : undefined,
      ...(f.resolvedShare !== null && p.resolvedShare !== null
        ? { change: { current: f.resolvedShare, previous: p.resolvedShare, goodWhenUp: true, points: true } }
        : {}),
    },
    {
      label: T.handoffs,
      value: formatNumber(f.handoffs.total),
      detail: byReason || undefined,
      change: { current: f.handoffs.total, previous: p.handoffs.total, goodWhenUp: false },
    },
    {
      label: T.response,
      value: formatDuration(f.operatorFirstResponseSec),
      hint: T.responseHint,
      ...(f.operatorFirstResponseSec !== null && p.operatorFirstResponseSec !== null
        ? {
            change: {
              current: f.operatorFirstResponseSec,
              previous: p.operatorFirstResponseSec,
              goodWhenUp: false,
            },
          }
        : {}),
    },
    {
      label: T.phones,
      value: formatNumber(f.phones),
      change: { current: f.phones, previous: p.phones, goodWhenUp: true },
    },
    {
      label: T.channels,
      value: `${formatNumber(f.channels.widget)} / ${formatNumber(f.channels.telegram)}`,
      detail: `${T.widget} / ${T.telegram}`,
    },
  ];
}

/** The month's figures, each with its change against the month before. */
export function Figures({
  figures,
  previous,
  stale,
}: {
  figures: MonthFigures;
  previous: MonthFigures;
  stale: boolean;
}) {
  const titleId = useId();
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {T.title}
      </h2>
      <ul className={styles.tiles} data-stale={stale || undefined}>
        {tiles(figures, previous).map((tile) => {
          const change = tile.change
            ? formatChange(tile.change.current, tile.change.previous, tile.change.points)
            : null;
          const good =
            change && change.direction !== 'same' ? (change.direction === 'up') === tile.change?.goodWhenUp : undefined;
          return (
            <li key={tile.label} className={styles.tile}>
              <span className={styles.tileLabel} title={tile.hint}>
                {tile.label}
              </span>
              <strong className={styles.tileValue}>{tile.value}</strong>
              {tile.detail ? <span className={styles.tileDetail}>{tile.detail}</span> : null}
              {change ? (
                <span className={styles.change} data-good={good === undefined ? undefined : String(good)}>
                  {change.text} <span className={styles.changeNote}>{T.vsPrevious}</span>
                </span>
              ) : tile.change ? (
                <span className={styles.changeNote}>{T.noPrevious}</span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
