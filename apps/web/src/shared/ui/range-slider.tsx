import { type CSSProperties, type ReactNode, useId } from 'react';
import styles from './range-slider.module.css';

interface RangeSliderProps {
  label: ReactNode;
  /** Spec §2.16: default 0.1, min 0.1, max 1, step 0.1. */
  value?: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
  disabled?: boolean;
  labelExtra?: ReactNode;
  /** How the value is written beside the label. */
  format?: (value: number) => string;
}

const decimals = (step: number) => (String(step).split('.')[1] ?? '').length;

export function RangeSlider({
  label,
  value = 0.1,
  onChange,
  min = 0.1,
  max = 1,
  step = 0.1,
  disabled,
  labelExtra,
  format,
}: RangeSliderProps) {
  const id = useId();
  const places = decimals(step);
  const shown = format ? format(value) : value.toFixed(places);
  const percent = max === min ? 0 : ((value - min) / (max - min)) * 100;
  return (
    <div className={styles.root}>
      <div className={styles.head}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        {labelExtra}
        <output htmlFor={id} className={styles.value}>
          {shown}
        </output>
      </div>
      <input
        id={id}
        type="range"
        className={styles.range}
        min={min}
        max={max}
        step={step}
        value={value}
        disabled={disabled}
        aria-valuetext={shown}
        // The track fill is computed, so it is the one inline style here.
        style={{ '--fill': `${percent}%` } as CSSProperties}
        // Float steps drift (0.1 + 0.2); round to the step's decimals.
        onChange={(event) => onChange(Number(Number(event.target.value).toFixed(places)))}
      />
    </div>
  );
}
