import type { ContactSource } from '@otklik/contract';
import {
  CONTACT_COOLDOWN_SECONDS,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_TEXTS,
  type ContactField,
  contactFieldErrors,
} from '@otklik/contract/site-constants';
import { type FormEvent, useId, useState } from 'react';
import { showAlert } from '@/shared/ui/alert-store';
import { Button } from '@/shared/ui/button';
import { PhoneInput } from '@/shared/ui/phone-input';
import { sendContactRequest } from '../api/send-contact-request';
import { CONTACT } from '../texts';
import styles from './contact-form.module.css';
import { useCooldown } from './use-cooldown';

type Values = Record<ContactField, string>;

const EMPTY: Values = { name: '', phone: '', email: '', message: '' };

/**
 * The contact form of spec §2.4: validation of §5 (shared with the server), a 10-second
 * cooldown after each sent attempt, and the alerts of §8.
 */
export function ContactForm({ source = 'landing' }: { source?: ContactSource }) {
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [sending, setSending] = useState(false);
  const cooldown = useCooldown(CONTACT_COOLDOWN_SECONDS);

  const change = (field: ContactField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // Spec §5: invalid markers clear when the user types; the "e-mail or phone" one sits on both fields.
    setErrors((e) => {
      const next = { ...e, [field]: undefined };
      if (e[field] === CONTACT_TEXTS.emailOrPhoneRequired) {
        if (next.email === CONTACT_TEXTS.emailOrPhoneRequired) next.email = undefined;
        if (next.phone === CONTACT_TEXTS.emailOrPhoneRequired) next.phone = undefined;
      }
      return next;
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const wait = cooldown.left();
    if (wait > 0) {
      showAlert(CONTACT_TEXTS.cooldown(wait), 'warning');
      return;
    }
    const found = contactFieldErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      const ok = await sendContactRequest({ ...values, source });
      if (ok) {
        setValues(EMPTY);
        showAlert(CONTACT_TEXTS.success, 'success');
      } else {
        showAlert(CONTACT_TEXTS.failure, 'error');
      }
    } catch (err) {
      // Spec §8: network exceptions are only logged.
      console.error('contact request failed', err);
    } finally {
      setSending(false);
      cooldown.start();
    }
  };

  const field = (name: ContactField) => ({
    id: `${id}-${name}`,
    name,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    className: errors[name] ? `${styles.input} ${styles.invalid}` : styles.input,
  });
  const error = (name: ContactField) =>
    errors[name] ? (
      <span id={`${id}-${name}-error`} className={styles.error}>
        {errors[name]}
      </span>
    ) : null;

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={sending}>
      <div className={styles.row}>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-name`}>
            {CONTACT.name}
          </label>
          <input
            {...field('name')}
            type="text"
            autoComplete="name"
            placeholder={CONTACT.namePlaceholder}
            value={values.name}
            onChange={(e) => change('name')(e.target.value)}
          />
          {error('name')}
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-phone`}>
            {CONTACT.phone}
          </label>
          <PhoneInput
            {...field('phone')}
            placeholder="+7(000)000-00-00"
            value={values.phone}
            onValueChange={change('phone')}
          />
          {error('phone')}
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor={`${id}-email`}>
            {CONTACT.email}
          </label>
          <input
            {...field('email')}
            type="email"
            autoComplete="email"
            placeholder={CONTACT.emailPlaceholder}
            value={values.email}
            onChange={(e) => change('email')(e.target.value)}
          />
          {error('email')}
        </div>
      </div>
      <div className={styles.field}>
        <div className={styles.label}>
          <label htmlFor={`${id}-message`}>{CONTACT.message}</label>
          <span className={styles.counter} aria-hidden="true">
            {values.message.length}/{CONTACT_MESSAGE_MAX_LENGTH}
          </span>
        </div>
        <textarea
          {...field('message')}
          rows={4}
          placeholder={CONTACT.messagePlaceholder}
          value={values.message}
          onChange={(e) => change('message')(e.target.value)}
        />
        {error('message')}
      </div>
      <div className={styles.footer}>
        <Button type="submit" size="lg" loading={sending} className={styles.submit}>
          {sending ? CONTACT.sending : CONTACT.submit}
        </Button>
        <p className={styles.consent}>{CONTACT.consent}</p>
      </div>
    </form>
  );
}
