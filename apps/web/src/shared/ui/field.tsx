import { type ReactNode, useId } from 'react';
import styles from './field.module.css';

export interface ControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  label: ReactNode;
  /** Shown under the control; also read by screen readers with it. */
  hint?: ReactNode;
  error?: string;
  /** Something beside the label, e.g. a help tooltip. */
  labelExtra?: ReactNode;
  /** Wins over the generated id (e.g. when a test or a label elsewhere needs it). */
  id?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/** Label, control, hint and error tied together by ids. */
export function Field({ label, hint, error, labelExtra, id, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <div className={styles.labelRow}>
        <label className={styles.label} htmlFor={controlId}>
          {label}
        </label>
        {labelExtra}
      </div>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** «· необязательно» beside a label (the word comes from the feature's texts). */
export function OptionalMark({ children }: { children: ReactNode }) {
  return <span className={styles.optional}>{children}</span>;
}
