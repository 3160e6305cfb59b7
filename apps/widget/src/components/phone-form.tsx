/** @jsxImportSource preact */
import { useState } from 'preact/hooks';
import { TEXTS } from '../texts';
import type { PhoneFormState } from '../use-live-session';
import { PhoneIcon } from './icons';

/** Same rule as RU_PHONE_PATTERN in @otklik/contract (spec §5), repeated to keep zod out of the bundle. */
export const PHONE_PATTERN = /^(?:\+7|7|8)?[\s-]*\(?\d{3}\)?[\s-]*\d{3}[\s-]*\d{2}[\s-]*\d{2}$/;

interface Props {
  idPrefix: string;
  state: PhoneFormState;
  onSubmit: (phone: string) => Promise<string | null>;
}

/** Shown when the operator asks for the visitor's phone. */
export function PhoneForm({ idPrefix, state, onSubmit }: Props) {
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  if (state === 'hidden') return null;
  if (state === 'sent')
    return (
      <p class="phone-done" role="status">
        {TEXTS.phoneThanks}
      </p>
    );
  const inputId = `${idPrefix}-phone`;
  const errorId = `${idPrefix}-phone-error`;
  return (
    <form
      class="phone-form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const value = phone.trim();
        if (!PHONE_PATTERN.test(value)) {
          setError(TEXTS.phoneInvalid);
          return;
        }
        setSending(true);
        void onSubmit(value).then((err) => {
          setSending(false);
          setError(err);
        });
      }}
    >
      <p class="phone-title">
        <PhoneIcon />
        {TEXTS.phoneTitle}
      </p>
      <label class="sr-only" for={inputId}>
        {TEXTS.phoneLabel}
      </label>
      <div class="phone-row">
        <input
          id={inputId}
          class="phone-input"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder={TEXTS.phonePlaceholder}
          value={phone}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? errorId : undefined}
          onInput={(e) => {
            setPhone(e.currentTarget.value);
            setError(null);
          }}
        />
        <button type="submit" class="phone-send" disabled={sending}>
          {TEXTS.phoneSubmit}
        </button>
      </div>
      {error && (
        <p class="phone-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
