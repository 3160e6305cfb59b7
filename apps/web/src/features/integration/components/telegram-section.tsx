import { useId } from 'react';
import { errorMessage } from '@/shared/api/api-error';
import { Button } from '@/shared/ui/button';
import { PanelState } from '@/shared/ui/panel-state';
import block from '@/shared/ui/settings-block.module.css';
import { botOf, useTelegramBots } from '../api/telegram';
import panel from '../integration-panel.module.css';
import { TELEGRAM_UI_TEXTS as T } from '../ru';
import { BotBlock } from './bot-block';
import styles from './telegram.module.css';

/**
 * Spec §2.11 "Integration": the messaging-app bot and the trainer bot of the assistant, each
 * with its switch, its token and what the bot is doing now (integrationTg of the assistant).
 */
export function TelegramSection({ assistantId }: { assistantId: string }) {
  const id = useId();
  const bots = useTelegramBots(assistantId);
  return (
    <section className={styles.section} aria-labelledby={`${id}-title`}>
      <header className={panel.headText}>
        <h2 id={`${id}-title`} className={panel.title}>
          {T.title}
        </h2>
        <p className={panel.lead}>{T.lead}</p>
      </header>
      {bots.isPending ? (
        <PanelState loading text={T.loading} />
      ) : bots.isError ? (
        <PanelState
          tone="error"
          title={T.loadError}
          text={errorMessage(bots.error, T.loadError)}
          action={
            <Button variant="secondary" size="sm" onClick={() => void bots.refetch()}>
              {T.retry}
            </Button>
          }
        />
      ) : (
        <div className={block.blocks}>
          <BotBlock assistantId={assistantId} kind="customer" bot={botOf(bots.data, false)} />
          <BotBlock assistantId={assistantId} kind="trainer" bot={botOf(bots.data, true)} />
        </div>
      )}
    </section>
  );
}
