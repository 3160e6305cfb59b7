import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '@/shared/api/api-error';
import { useSession } from '@/shared/api/session';
import { PATHS } from '@/shared/lib/paths';
import { useDocumentTitle } from '@/shared/lib/use-document-title';
import { ButtonLink } from '@/shared/ui/button';
import { AlertCircleIcon, CheckCircleIcon } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';
import { confirmEmail } from './api/auth-api';
import { AuthCard } from './components/auth-card';
import styles from './components/form.module.css';
import { AUTH_UI } from './ru';

const T = AUTH_UI.confirm;

/**
 * The link of the confirmation mail: /confirm-email?token=… The token is single-use, so the call
 * is a query keyed by the token: it runs once even when React mounts the page twice.
 */
export default function ConfirmEmailPage() {
  useDocumentTitle(T.title);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { status } = useSession();
  const confirm = useQuery({
    queryKey: ['confirm-email', token],
    queryFn: () => confirmEmail({ token }),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });

  const next =
    status === 'signed-in' ? (
      <ButtonLink to={PATHS.profile}>{T.toProfile}</ButtonLink>
    ) : (
      <ButtonLink to={PATHS.login}>{T.toLogin}</ButtonLink>
    );

  let body: ReactNode;
  if (!token) {
    body = <p className={styles.muted}>{T.noToken}</p>;
  } else if (confirm.isPending) {
    body = (
      <>
        <Spinner size={28} />
        <p className={styles.muted}>{T.pending}</p>
      </>
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
        <p role="status">{T.success}</p>
        {next}
      </>
    );
  }

  return (
    <AuthCard title={T.title}>
      <div className={styles.center}>{body}</div>
    </AuthCard>
  );
}
