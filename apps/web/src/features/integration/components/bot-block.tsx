import type { TelegramIntegration } from '@otklik/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@/shared/api/api-error';
import { PATHS } from '@/shared/lib/paths';
import { showAlert } from '@/shared/ui/alert-store';
import { ArrowRightIcon } from '@/shared/ui/icons';
import block from '@/shared/ui/settings-block.module.css';
import { Switch } from '@/shared/ui/switch';
import { useToggleTelegram } from '../api/telegram';
import { TELEGRAM_UI_TEXTS as T, type TelegramBotKind } from '../ru';
import { BotStatus } from './bot-status';
import { CheckBubbleIcon, PlaneIcon } from './icons';
import { RegisterBotForm } from './register-bot-form';
import styles from './telegram.module.css';

interface BotBlockProps {
  assistantId: string;
  kind: TelegramBotKind;
  /** Undefined: nothing is set up for this bot yet. */
  bot: TelegramIntegration | undefined;
}

/** One bot: the switch (spec §4: on before registering), its state, the token form. */
export function BotBlock({ assistantId, kind, bot }: BotBlockProps) {
  const id = useId();
  const texts = T.bots[kind];
  const trainer = kind === 'trainer';
  const toggle = useToggleTelegram(assistantId, trainer);
  const saved = bot?.enableTelegram ?? false;
  // While saving, show the value being saved.
  const enabled = toggle.isPending ? (toggle.variables ?? saved) : saved;

  const change = (enable: boolean) =>
    toggle.mutate(enable, {
      onSuccess: (reply) => showAlert(reply.message, 'success'),
      onError: (error) => showAlert(errorMessage(error, T.toggleFailed), 'error'),
    });

  return (
    <section className={block.block} aria-labelledby={`${id}-title`}>
      <header className={block.blockHead}>
        <span className={block.blockIcon}>{trainer ? <CheckBubbleIcon /> : <PlaneIcon />}</span>
        <div className={block.blockText}>
          <h3 id={`${id}-title`} className={block.blockTitle}>
            {texts.title}
          </h3>
          <p className={block.blockLead}>{texts.lead}</p>
          {trainer ? <p className={styles.blockNote}>{T.bots.trainer.different}</p> : null}
        </div>
      </header>

      <div className={block.switchRow}>
        <Switch
          label={texts.switchLabel}
          description={enabled ? texts.switchOn : texts.switchOff}
          checked={enabled}
          loading={toggle.isPending}
          onChange={change}
        />
      </div>

      <BotStatus bot={bot} kind={kind} enabled={enabled} />

      <RegisterBotForm assistantId={assistantId} kind={kind} enabled={enabled && !toggle.isPending} />

      {trainer ? null : (
        <Link to={PATHS.tgGuide} className={block.guide}>
          {T.guide}
          <ArrowRightIcon size={16} strokeWidth={2} />
        </Link>
      )}
    </section>
  );
}
