import { type FormEvent, useRef, useState } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { showAlert } from '@/shared/ui/alert-store';
import { Button } from '@/shared/ui/button';
import { PasswordInput } from '@/shared/ui/password-input';
import { useRegisterBot } from '../api/telegram';
import { TELEGRAM_UI_TEXTS as T, type TelegramBotKind } from '../ru';
import styles from './telegram.module.css';

/** The text the server puts in a trainer registration that found no chat (spec §8). */
const CHAT_NOT_FOUND_MARK = 'chatId is null';

interface RegisterBotFormProps {
  assistantId: string;
  kind: TelegramBotKind;
  /** Spec §4: the switch must be on before a bot is registered. */
  enabled: boolean;
}

/** The token and 'Интегрировать' (spec §5, §7, §8). */
export function RegisterBotForm({ assistantId, kind, enabled }: RegisterBotFormProps) {
  const [token, setToken] = useState('');
  const [missing, setMissing] = useState(false);
  const [detail, setDetail] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const register = useRegisterBot(assistantId, kind === 'trainer');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (register.isPending || !enabled) return;
    const telegramToken = token.trim();
    if (!telegramToken) {
      setMissing(true);
      input.current?.focus();
      showAlert(T.tokenRequired, 'warning');
      return;
    }
    setDetail('');
    register.mutate(telegramToken, {
      onSuccess: (reply) => {
        showAlert(reply.message, 'success');
        setToken('');
      },
      onError: (error) => {
        const message = errorMessage(error, '');
        // The bot is stored without a chat: its bind link shows in the state above.
        if (message.includes(CHAT_NOT_FOUND_MARK)) {
          showAlert(T.chatNotFound, 'error');
          return;
        }
        showAlert(T.registerFailed, 'error');
        setDetail(message);
      },
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <PasswordInput
        ref={input}
        label={T.bots[kind].tokenLabel}
        hint={enabled ? T.tokenHint : T.switchFirst}
        error={missing ? T.tokenRequired : undefined}
        placeholder={T.tokenPlaceholder}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        disabled={!enabled}
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
      <Button type="submit" className={styles.submit} loading={register.isPending} disabled={!enabled}>
        {T.register}
      </Button>
    </form>
  );
}
