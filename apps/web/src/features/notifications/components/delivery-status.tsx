import type { NotificationSettings } from '@otklik/contract';
import { errorMessage, isApiError } from '@/shared/api/api-error';
import { showAlert } from '@/shared/ui/alert-store';
import { Button } from '@/shared/ui/button';
import { AlertCircleIcon, CheckCircleIcon } from '@/shared/ui/icons';
import { useSendTestNotification } from '../api/notifications';
import { deliveryState, formatDateTime } from '../lib/delivery';
import { NOTIFICATIONS_TEXTS } from '../ru';
import styles from './notifications.module.css';

const T = NOTIFICATIONS_TEXTS.delivery;

/** The server's error may end with its own full stop; the sentence around it adds one. */
const trimStop = (text: string) => text.trim().replace(/[.\s]+$/, '');

interface DeliveryStatusProps {
  assistantId: string;
  notification: NotificationSettings;
}

/**
 * Whether the last alert reached the owner (a failure is shown in red, never kept silent) and
 * the button that sends a test alert through the channels that are on.
 */
export function DeliveryStatus({ assistantId, notification }: DeliveryStatusProps) {
  const test = useSendTestNotification(assistantId);
  const state = deliveryState(notification);

  const send = () =>
    test.mutate(undefined, {
      onSuccess: (reply) => showAlert(reply.message, 'success'),
      // A refusal (400) explains there is nowhere to send: a warning, not a breakdown.
      onError: (error) =>
        showAlert(errorMessage(error, T.testFailed), isApiError(error) && error.status === 400 ? 'warning' : 'error'),
    });

  return (
    <div className={styles.delivery} data-state={state.kind}>
      <p className={styles.deliveryText} role="status">
        {state.kind === 'failed' ? (
          <>
            <AlertCircleIcon size={18} strokeWidth={2} className={styles.deliveryIcon} />
            <span>{T.failed(state.at ? formatDateTime(state.at) : null, trimStop(state.error))}</span>
          </>
        ) : state.kind === 'delivered' ? (
          <>
            <CheckCircleIcon size={18} strokeWidth={2} className={styles.deliveryIcon} />
            <span>{T.delivered(formatDateTime(state.at))}</span>
          </>
        ) : (
          <span>{T.none}</span>
        )}
      </p>
      <Button variant="secondary" size="sm" className={styles.submit} loading={test.isPending} onClick={send}>
        {T.test}
      </Button>
    </div>
  );
}
