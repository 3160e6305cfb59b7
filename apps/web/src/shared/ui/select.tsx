import type { ReactNode, Ref, SelectHTMLAttributes } from 'react';
import { Field } from './field';
import fieldStyles from './field.module.css';
import { ChevronDownIcon } from './icons';
import styles from './select.module.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'children'> & {
  label: ReactNode;
  options: readonly SelectOption[];
  hint?: ReactNode;
  error?: string;
  labelExtra?: ReactNode;
  ref?: Ref<HTMLSelectElement>;
};

/** A native select (keyboard, mobile pickers and screen readers for free) in our look. */
export function Select({ label, options, hint, error, labelExtra, className, ref, ...rest }: SelectProps) {
  return (
    <Field label={label} hint={hint} error={error} labelExtra={labelExtra} className={className}>
      {(control) => (
        <div className={styles.wrap}>
          <select ref={ref} className={`${fieldStyles.control} ${styles.select}`} {...control} {...rest}>
            {options.map((option) => (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label}
              </option>
            ))}
          </select>
          <ChevronDownIcon size={18} className={styles.chevron} />
        </div>
      )}
    </Field>
  );
}
