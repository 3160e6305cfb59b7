import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Field } from './field';
import styles from './field.module.css';

type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  labelExtra?: ReactNode;
  ref?: Ref<HTMLInputElement>;
};

export function TextInput({ label, hint, error, labelExtra, className, ref, type = 'text', ...rest }: TextInputProps) {
  return (
    <Field label={label} hint={hint} error={error} labelExtra={labelExtra} className={className}>
      {(control) => <input ref={ref} type={type} className={styles.control} {...control} {...rest} />}
    </Field>
  );
}
