import { type ReactNode, type Ref, type TextareaHTMLAttributes, useCallback, useLayoutEffect, useRef } from 'react';
import styles from './auto-textarea.module.css';
import { Field } from './field';
import fieldStyles from './field.module.css';

type AutoTextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label?: ReactNode;
  hint?: ReactNode;
  error?: string;
  labelExtra?: ReactNode;
  /** Rows shown when empty. */
  rows?: number;
  /** The height stops growing here and the text scrolls. */
  maxRows?: number;
  ref?: Ref<HTMLTextAreaElement>;
};

/** A text area that grows with its text, from `rows` up to `maxRows` (spec §2.16). */
export function AutoTextarea({
  label,
  hint,
  error,
  labelExtra,
  rows = 3,
  maxRows = 12,
  className,
  ref,
  value,
  ...rest
}: AutoTextareaProps) {
  const inner = useRef<HTMLTextAreaElement | null>(null);

  const resize = useCallback(() => {
    const el = inner.current;
    if (!el) return;
    const style = window.getComputedStyle(el);
    const line = Number.parseFloat(style.lineHeight) || 22;
    const padding = Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom) || 0;
    const border = Number.parseFloat(style.borderTopWidth) + Number.parseFloat(style.borderBottomWidth) || 0;
    el.style.height = 'auto';
    const min = rows * line + padding + border;
    const max = maxRows * line + padding + border;
    const wanted = el.scrollHeight + border;
    el.style.height = `${Math.min(Math.max(wanted, min), max)}px`;
    el.style.overflowY = wanted > max ? 'auto' : 'hidden';
  }, [rows, maxRows]);

  // Also on value changes made by code (a reset, a suggestion filled in).
  useLayoutEffect(() => {
    void value;
    resize();
  }, [resize, value]);

  const setRefs = (el: HTMLTextAreaElement | null) => {
    inner.current = el;
    if (typeof ref === 'function') ref(el);
    else if (ref) ref.current = el;
  };

  const area = (control?: object) => (
    <textarea
      ref={setRefs}
      rows={rows}
      value={value}
      className={`${fieldStyles.control} ${styles.area}`}
      onInput={resize}
      {...control}
      {...rest}
    />
  );

  if (label === undefined) return <div className={className}>{area()}</div>;
  return (
    <Field label={label} hint={hint} error={error} labelExtra={labelExtra} className={className}>
      {(control) => area(control)}
    </Field>
  );
}
