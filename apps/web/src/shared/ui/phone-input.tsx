import type { InputHTMLAttributes, Ref } from 'react';
import { IMaskInput } from 'react-imask';

/** Spec §2.4: the Russian phone mask; the country code is part of the mask. */
export const PHONE_MASK = '+{7}(000)000-00-00';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'defaultValue' | 'type'> & {
  value: string;
  onValueChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
};

/**
 * A phone field with the mask +7(000)000-00-00 (imask). On an empty field a leading 8 or +
 * is dropped (spec §5), so "89123456789" and "+79123456789" typed or pasted both become
 * +7(912)345-67-89.
 */
export function PhoneInput({ value, onValueChange, inputRef, ...rest }: Props) {
  return (
    <IMaskInput
      {...rest}
      mask={PHONE_MASK}
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      value={value}
      inputRef={inputRef}
      prepareChar={(char: string, masked: { value: string }) =>
        masked.value === '' && (char === '8' || char === '+') ? '' : char
      }
      onAccept={(next: string) => onValueChange(next)}
    />
  );
}
