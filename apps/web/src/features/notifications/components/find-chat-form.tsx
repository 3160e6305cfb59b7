import { type FormEvent, useRef, useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { showAlert } from '@/shared/ui/alert-store';
import { Button } from '@/shared/ui/button';
import { PasswordInput } from '@/shared/ui/password-input';
import { isChatIdFailure, useFindChat } from '../api/notifications';
import { NOTIFICATIONS_TEXTS } from '../ru';
import { ChatHelpModal } from './chat-help-modal';
import styles from './notifications.module.css';

const T = NOTIFICATIONS_TEXTS.telegram;

/** The bot token and 'Найти чат' (spec §5, §7, §8); Enter in the field looks too. */
export function FindChatForm({ assistantId }: { assistantId: string }) {
  const [token, setToken] = useState('');
  const [missing, setMissing] = useState(false);
  const [detail, setDetail] = useState('');
  /** The failure the help modal explains; empty while it is closed. */
  const [help, setHelp] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const find = useFindChat(assistantId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (find.isPending) return;
    const telegramToken = token.trim();
    if (!telegramToken) {
      setMissing(true);
      input.current?.focus();
      showAlert(T.tokenRequired, 'warning');
      return;
    }
    setDetail('');
    find.mutate(telegramToken, {
      onSuccess: (reply) => {
        showAlert(reply.message, 'success');
        setToken('');
      },
      onError: (error) => {
        const message = errorMessage(error, T.findFailed);
        // A failure the spec's client recognises ('ошибка'): the help modal shows it with the
        // steps that usually fix it (spec §8); anything else is said as other refusals are.
        if (isChatIdFailure(message)) {
          setHelp(message);
          return;
        }
        showAlert(T.findFailed, 'error');
        setDetail(message);
      },
    });
  };

  return (
    <>
      <form className={styles.form} onSubmit={submit} noValidate>
        <PasswordInput
          ref={input}
          label={T.tokenLabel}
          hint={T.tokenHint}
          error={missing ? T.tokenRequired : undefined}
          placeholder={T.tokenPlaceholder}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          value={token}
          toggleLabels={{ show: T.showToken, hide: T.hideToken }}
          onChange={(event) => {
            setToken(event.target.value);
            setMissing(false);
            setDetail('');
          }}
        />
        {detail ? (
          <p className={styles.detail} role="alert">
            {detail}
          </p>
        ) : null}
        <Button type="submit" className={styles.submit} loading={find.isPending}>
          {T.findChat}
        </Button>
      </form>
      <ChatHelpModal message={help} onClose={() => setHelp('')} />
    </>
  );
}
