import type { TelegramBotState, TelegramIntegration } from '@otklik/contract';
import { WarningIcon } from '@/shared/ui/icons';
import block from '@/shared/ui/settings-block.module.css';
import { TELEGRAM_UI_TEXTS as T, type TelegramBotKind } from '../ru';
import { BindChat } from './bind-chat';
import styles from './telegram.module.css';

interface BotStatusProps {
  bot: TelegramIntegration | undefined;
  kind: TelegramBotKind;
  /** The switch as shown (the value being saved while a toggle runs). */
  enabled: boolean;
}

type Problem = Extract<TelegramBotState, 'conflict' | 'webhook' | 'unauthorized'>;
const isProblem = (state: TelegramBotState | null): state is Problem =>
  state === 'conflict' || state === 'webhook' || state === 'unauthorized';

/** The host a previous webhook pointed to (the whole text when it is not an address). */
function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

/** What the bot is doing now: its @username, masked token, state and what to do about it. */
export function BotStatus({ bot, kind, enabled }: BotStatusProps) {
  const texts = T.bots[kind];
  if (!bot?.username) return <p className={block.muted}>{enabled ? texts.notRegistered : texts.off}</p>;

  const { username, telegramToken, state, previousWebhook, trainerChat, bindLink } = bot;
  return (
    <div className={styles.status}>
      <div className={styles.statusHead}>
        <p className={styles.connectedAs}>
          {T.connectedAs}{' '}
          <a href={`https://t.me/${encodeURIComponent(username)}`} target="_blank" rel="noopener noreferrer">
            @{username}
            <span className="visually-hidden"> {T.opensInNewTab}</span>
          </a>
        </p>
        {enabled && (state === 'connected' || state === 'awaiting_chat') ? (
          <span className={styles.badge} data-state={state}>
            {T.states[state]}
          </span>
        ) : null}
      </div>
      {telegramToken ? (
        <p className={block.tokenRow}>
          <span className={styles.tokenLabel}>{T.token}</span> <code className={block.token}>{telegramToken}</code>
        </p>
      ) : null}
      {kind === 'trainer' && trainerChat ? <p className={styles.line}>{T.trainerChat(trainerChat)}</p> : null}
      {!enabled ? (
        <p className={block.muted}>{texts.off}</p>
      ) : isProblem(state) ? (
        <p className={styles.problem}>
          <WarningIcon size={16} />
          <span>{T.states[state]}</span>
        </p>
      ) : state === 'awaiting_chat' && kind === 'trainer' && bindLink ? (
        <BindChat link={bindLink} />
      ) : null}
      {enabled && previousWebhook ? <p className={styles.note}>{T.previousWebhook(hostOf(previousWebhook))}</p> : null}
    </div>
  );
}
