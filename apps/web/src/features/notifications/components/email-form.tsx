import { type NotificationSettings, SendNotificationConfirmationRequest } from '@otklik/contract';
import { type FormEvent, useRef, useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { showAlert } from '@/shared/ui/alert-store';
import { Button } from '@/shared/ui/button';
import { MailIcon } from '@/shared/ui/icons';
import { TextInput } from '@/shared/ui/text-input';
import { useSendConfirmation } from '../api/notifications';
import { NOTIFICATIONS_TEXTS } from '../ru';
import styles from './notifications.module.css';

const T = NOTIFICATIONS_TEXTS.email;

/** What the field says under it: a new address must be confirmed again (spec §4). */
function hintFor(typed: string, saved: string): string {
  if (!saved) return T.hintFirst;
  if (typed && typed.toLowerCase() !== saved.toLowerCase()) return T.hintChanged;
  return T.hintSame;
}

/** The notification e-mail and 'Отправить подтверждение' (spec §4, §7); Enter in the field sends. */
export function EmailForm({ assistantId, notification }: { assistantId: string; notification: NotificationSettings }) {
  const saved = notification.notificationEmail ?? '';
  const [email, setEmail] = useState(saved);
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const send = useSendConfirmation(assistantId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    // The server's own schema: empty → 'Введите e-mail для уведомлений', then the address's form.
    const checked = SendNotificationConfirmationRequest.safeParse({ email });
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? T.required;
      setError(message);
      input.current?.focus();
      showAlert(message, 'warning');
      return;
    }
    send.mutate(checked.data.email, {
      onSuccess: (reply) => {
        showAlert(reply.message, 'success');
        setEmail(reply.notification.notificationEmail ?? checked.data.email);
      },
      onError: (failure) => {
        showAlert(T.sendFailed, 'error');
        setError(errorMessage(failure, T.sendFailed));
      },
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextInput
        ref={input}
        label={T.field}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="off"
        spellCheck={false}
        placeholder={T.placeholder}
        value={email}
        error={error || undefined}
        hint={hintFor(email.trim(), saved)}
        onChange={(event) => {
          setEmail(event.target.value);
          setError('');
        }}
      />
      <Button
        type="submit"
        className={styles.submit}
        loading={send.isPending}
        icon={<MailIcon size={16} strokeWidth={2} />}
      >
        {T.send}
      </Button>
    </form>
  );
}
