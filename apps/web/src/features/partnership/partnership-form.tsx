import {
  CONTACT_COOLDOWN_SECONDS,
  CONTACT_MESSAGE_MAX_LENGTH,
  CONTACT_TEXTS,
  type ContactField,
  contactFieldErrors,
} from '@otklik/contract/site-constants';
import { type FormEvent, useId, useRef, useState } from 'react';
import { showAlert } from '@/shared/ui/alert-store';
import { Button } from '@/shared/ui/button';
import { PhoneInput } from '@/shared/ui/phone-input';
import styles from './partnership.module.css';

type Values = Record<ContactField, string>;
const EMPTY: Values = { name: '', phone: '', email: '', message: '' };

/** The partnership request: the contact rules of spec §5, sent as a request from 'partnership'. */
export function PartnershipForm() {
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Values>>({});
  const [sending, setSending] = useState(false);
  const until = useRef(0);

  const set = (field: ContactField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) =>
      e[field] === CONTACT_TEXTS.emailOrPhoneRequired
        ? { ...e, email: undefined, phone: undefined }
        : { ...e, [field]: undefined },
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const wait = Math.ceil((until.current - Date.now()) / 1000);
    if (wait > 0) {
      showAlert(CONTACT_TEXTS.cooldown(wait), 'warning');
      return;
    }
    const found = contactFieldErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || sending) return;
    setSending(true);
    try {
      const res = await fetch('/api/notify/client-request', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...values, source: 'partnership' }),
      });
      if (res.ok) setValues(EMPTY);
      else console.error('partnership request failed', res.status, await res.text().catch(() => ''));
      showAlert(res.ok ? CONTACT_TEXTS.success : CONTACT_TEXTS.failure, res.ok ? 'success' : 'error');
    } catch (err) {
      console.error('partnership request failed', err);
    } finally {
      setSending(false);
      until.current = Date.now() + CONTACT_COOLDOWN_SECONDS * 1000;
    }
  };

  const props = (name: ContactField) => ({
    id: `${id}-${name}`,
    name,
    className: errors[name] ? `${styles.input} ${styles.invalid}` : styles.input,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-err` : undefined,
  });
  const err = (name: ContactField) =>
    errors[name] ? (
      <span id={`${id}-${name}-err`} className={styles.fieldError}>
        {errors[name]}
      </span>
    ) : null;

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.field}>
        <label htmlFor={`${id}-name`}>Имя и компания</label>
        <input
          {...props('name')}
          autoComplete="organization"
          value={values.name}
          onChange={(e) => set('name')(e.target.value)}
        />
        {err('name')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-email`}>E-mail</label>
        <input
          {...props('email')}
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => set('email')(e.target.value)}
        />
        {err('email')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-phone`}>Телефон</label>
        <PhoneInput
          {...props('phone')}
          placeholder="+7(000)000-00-00"
          value={values.phone}
          onValueChange={set('phone')}
        />
        {err('phone')}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-message`}>Сколько клиентов могли бы подключить, какой у вас профиль</label>
        <textarea
          {...props('message')}
          rows={4}
          maxLength={CONTACT_MESSAGE_MAX_LENGTH + 100}
          value={values.message}
          onChange={(e) => set('message')(e.target.value)}
        />
        {err('message')}
      </div>
      <Button type="submit" size="lg" loading={sending}>
        {sending ? 'Отправляем…' : 'Стать партнёром'}
      </Button>
    </form>
  );
}
