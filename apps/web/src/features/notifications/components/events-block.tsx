import type { NotificationEvents, NotificationSettings } from '@otklik/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@/shared/api/api-error';
import { PATHS } from '@/shared/lib/paths';
import { showAlert } from '@/shared/ui/alert-store';
import { ArrowRightIcon, CheckIcon } from '@/shared/ui/icons';
import block from '@/shared/ui/settings-block.module.css';
import { Switch } from '@/shared/ui/switch';
import { useSaveNotificationEvents } from '../api/notifications';
import { NOTIFICATIONS_TEXTS } from '../ru';
import { BellIcon } from './icons';
import styles from './notifications.module.css';

const T = NOTIFICATIONS_TEXTS.events;

/** The reasons in the order the owner reads them; the last one is off by default. */
const EVENTS = [
  'trigger',
  'handoff',
  'operatorRequest',
  'phone',
  'newConversation',
] as const satisfies readonly (keyof NotificationEvents)[];

interface EventsBlockProps {
  assistantId: string;
  notification: NotificationSettings;
}

/**
 * What the owner is alerted about: a switch for each reason. Turning one sends the whole choice
 * with that value changed; while it is saved the switch shows the new value and is busy, and the
 * others wait (each call carries all five, so two at once could undo each other). A refusal puts
 * the switch back and shows the server's words. Below, how often alerts come and the profile
 * switch above all channels.
 */
export function EventsBlock({ assistantId, notification }: EventsBlockProps) {
  const id = useId();
  const save = useSaveNotificationEvents(assistantId);
  const saved = notification.events;
  // While saving, show the choice being saved.
  const shown = save.isPending ? (save.variables ?? saved) : saved;

  const change = (event: keyof NotificationEvents, on: boolean) =>
    save.mutate(
      { ...saved, [event]: on },
      { onError: (error) => showAlert(errorMessage(error, T.saveFailed), 'error') },
    );

  return (
    <section className={block.block} aria-labelledby={`${id}-title`}>
      <header className={block.blockHead}>
        <span className={block.blockIcon}>
          <BellIcon />
        </span>
        <div className={block.blockText}>
          <h3 id={`${id}-title`} className={block.blockTitle}>
            {T.title}
          </h3>
          <p className={block.blockLead}>{T.lead}</p>
        </div>
        {/* A quiet word after a save instead of an alert for every switch. */}
        <p className={styles.saved} aria-live="polite">
          {save.isSuccess ? (
            <>
              <CheckIcon size={16} strokeWidth={2} />
              {T.saved}
            </>
          ) : null}
        </p>
      </header>

      <div className={styles.switches}>
        {EVENTS.map((event) => {
          const busy = save.isPending && shown[event] !== saved[event];
          return (
            <div key={event} className={block.switchRow}>
              <Switch
                label={T.items[event].label}
                description={T.items[event].description}
                checked={shown[event]}
                loading={busy}
                disabled={save.isPending && !busy}
                onChange={(on) => change(event, on)}
              />
            </div>
          );
        })}
      </div>

      <div className={styles.notes}>
        <p>{T.throttle}</p>
        <p>{T.master}</p>
      </div>

      <Link to={PATHS.profile} className={block.guide}>
        {T.profile}
        <ArrowRightIcon size={16} strokeWidth={2} />
      </Link>
    </section>
  );
}
