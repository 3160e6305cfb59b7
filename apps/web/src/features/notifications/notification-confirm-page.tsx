import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@/shared/api/api-error';
import { PATHS } from '@/shared/lib/paths';
import { useDocumentTitle } from '@/shared/lib/use-document-title';
import { ButtonLink } from '@/shared/ui/button';
import { AlertCircleIcon, CheckCircleIcon, LogoMark } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';
import { confirmNotification } from './api/notifications';
import styles from './notification-confirm-page.module.css';
import { NOTIFICATIONS_TEXTS } from './ru';

const T = NOTIFICATIONS_TEXTS.confirm;

/**
 * The link of the notification e-mail's confirmation mail: /notification/confirm?token=… It
 * works signed out too. The token is single-use, so the call is a query keyed by the token: it
 * runs once even when React mounts the page twice.
 */
export default function NotificationConfirmPage() {
  useDocumentTitle(T.title);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useQuery({
    queryKey: ['notification-confirm', token],
    queryFn: () => confirmNotification(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

  const next = <ButtonLink to={PATHS.assistants}>{T.toCabinet}</ButtonLink>;

  let body: ReactNode;
  if (!token) {
    body = (
      <>
        <p className={styles.muted}>{T.noToken}</p>
        {next}
      </>
    );
  } else if (confirm.isPending) {
    body = (
      <div className={styles.pending} role="status">
        <Spinner size={28} />
        <p className={styles.muted}>{T.pending}</p>
      </div>
    );
  } else if (confirm.isError) {
    body = (
      <>
        <AlertCircleIcon size={36} color="var(--color-danger)" />
        <p role="alert">{errorMessage(confirm.error, T.failure)}</p>
        {next}
      </>
    );
  } else {
    body = (
      <>
        <CheckCircleIcon size={36} color="var(--color-success)" />
        <p role="status">{confirm.data.message || T.success}</p>
        {next}
      </>
    );
  }

  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <div className={styles.head}>
          <LogoMark size={40} />
          <h1 className={styles.title}>{T.title}</h1>
        </div>
        <div className={styles.center}>{body}</div>
      </div>
    </div>
  );
}
