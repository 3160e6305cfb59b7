import { errorMessage } from '@/shared/api/api-error';
import { showAlert } from '@/shared/ui/alert-store';
import { Button } from '@/shared/ui/button';
import { CheckCircleIcon, MailIcon, WarningIcon } from '@/shared/ui/icons';
import { useSendConfirmation } from '../api/profile-api';
import { PROFILE_TEXTS as T } from '../ru';
import styles from './profile.module.css';

/** Spec §2.12: whether the e-mail is confirmed, and a way to get the confirmation mail. */
export function EmailStatus({ confirmed }: { confirmed: boolean }) {
  const send = useSendConfirmation();
  if (confirmed) {
    return (
      <p className={styles.status} data-ok="true">
        <CheckCircleIcon size={18} />
        {T.emailConfirmed}
      </p>
    );
  }
  return (
    <div className={styles.statusRow}>
      <p className={styles.status} data-ok="false">
        <WarningIcon size={18} />
        {T.emailNotConfirmed}
      </p>
      <Button
        variant="secondary"
        size="sm"
        icon={<MailIcon size={16} />}
        loading={send.isPending}
        onClick={() =>
          send.mutate(undefined, {
            onSuccess: () => showAlert(T.confirmationSent, 'success'),
            onError: (error) => showAlert(errorMessage(error, T.confirmationError), 'error'),
          })
        }
      >
        {T.sendConfirmation}
      </Button>
    </div>
  );
}
