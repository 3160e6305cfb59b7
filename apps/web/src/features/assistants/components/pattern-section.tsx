import { RangeSlider } from '@/shared/ui/range-slider';
import { Spinner } from '@/shared/ui/spinner';
import type { DesignState } from '../lib/design';
import { ASSISTANT_TEXTS as T } from '../ru';
import styles from './design-form.module.css';

export interface PatternOption {
  id: string;
  name: string;
  /** The tile image. */
  url: string;
}

interface Props {
  design: DesignState;
  patterns: readonly PatternOption[] | undefined;
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
  onChange: (patch: Partial<DesignState>) => void;
}

/** Spec §2.9: a header pattern from the list, opacity 0..1 and scale 0.5..2, step 0.1. */
export function PatternSection({ design, patterns, status, onRetry, onChange }: Props) {
  return (
    <div className={styles.stack}>
      <fieldset className={styles.patterns}>
        <legend className="visually-hidden">{T.pattern}</legend>
        <PatternTile
          label={T.noPattern}
          selected={design.headerPattern === null}
          background={design.backgroundColor}
          onSelect={() => onChange({ headerPattern: null })}
        />
        {patterns?.map((p) => (
          <PatternTile
            key={p.id}
            label={p.name}
            url={p.url}
            selected={design.headerPattern === p.id}
            background={design.backgroundColor}
            onSelect={() => onChange({ headerPattern: p.id })}
          />
        ))}
        {status === 'pending' ? (
          <span className={styles.patternState}>
            <Spinner size={18} label={T.patternsLoading} />
          </span>
        ) : null}
        {status === 'error' ? (
          <span className={styles.patternState} role="alert">
            {T.patternsError}{' '}
            <button type="button" className={styles.linkButton} onClick={onRetry}>
              {T.retry}
            </button>
          </span>
        ) : null}
      </fieldset>
      <div className={styles.sliders}>
        <RangeSlider
          label={T.patternOpacity}
          value={design.patternOpacity}
          min={0}
          max={1}
          step={0.1}
          disabled={design.headerPattern === null}
          onChange={(patternOpacity) => onChange({ patternOpacity })}
        />
        <RangeSlider
          label={T.patternScale}
          value={design.patternScale}
          min={0.5}
          max={2}
          step={0.1}
          disabled={design.headerPattern === null}
          format={(v) => `×${v.toFixed(1)}`}
          onChange={(patternScale) => onChange({ patternScale })}
        />
      </div>
    </div>
  );
}

function PatternTile({
  label,
  url,
  selected,
  background,
  onSelect,
}: {
  label: string;
  url?: string;
  selected: boolean;
  background: string;
  onSelect: () => void;
}) {
  return (
    <button
      type="button"
      className={styles.patternTile}
      aria-pressed={selected}
      aria-label={label}
      title={label}
      onClick={onSelect}
      // The tile shows the pattern over the chosen background, as the header will.
      style={{ backgroundColor: background, backgroundImage: url ? `url("${url}")` : undefined }}
    >
      {url ? null : <span className={styles.patternNone} aria-hidden="true" />}
    </button>
  );
}
