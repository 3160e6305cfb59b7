import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '@/shared/api/api-error';
import { PATHS } from '@/shared/lib/paths';
import { useDocumentTitle } from '@/shared/lib/use-document-title';
import { showAlert } from '@/shared/ui/alert-store';
import { Button, ButtonLink } from '@/shared/ui/button';
import { PasswordInput } from '@/shared/ui/password-input';
import { useResetPassword } from './api/auth-api';
import { AuthCard } from './components/auth-card';
import styles from './components/form.module.css';
import { AUTH_UI } from './ru';
import { type ResetForm, resetForm } from './schemas';

const T = AUTH_UI.reset;

/** The link of the forgot-password mail: /reset-password?token=… */
export default function ResetPasswordPage() {
  useDocumentTitle(T.title);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetForm>({ resolver: zodResolver(resetForm), mode: 'onChange', defaultValues: { newPassword: '' } });

  const footer = <Link to={PATHS.login}>{AUTH_UI.forgot.back}</Link>;

  if (!token) {
    return (
      <AuthCard title={T.title} footer={footer}>
        <div className={styles.center}>
          <p className={styles.muted}>{T.noToken}</p>
          <ButtonLink to={PATHS.forgotPassword}>{T.requestNew}</ButtonLink>
        </div>
      </AuthCard>
    );
  }

  const onSubmit = handleSubmit(({ newPassword }) => {
    reset.mutate(
      { token, newPassword },
      {
        onSuccess: () => {
          showAlert(T.success, 'success');
          void navigate(PATHS.login, { replace: true });
        },
        onError: (error) => showAlert(errorMessage(error, T.failure), 'error'),
      },
    );
  });

  return (
    <AuthCard title={T.title} subtitle={T.subtitle} footer={footer}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <PasswordInput
          label={AUTH_UI.fields.newPassword}
          autoComplete="new-password"
          placeholder={AUTH_UI.placeholders.password}
          error={errors.newPassword?.message}
          {...register('newPassword')}
        />
        {reset.isError ? (
          <p className={styles.formError} role="alert">
            {errorMessage(reset.error, T.failure)} <Link to={PATHS.forgotPassword}>{T.requestNew}</Link>
          </p>
        ) : null}
        <Button type="submit" size="lg" fullWidth loading={reset.isPending} className={styles.submit}>
          {T.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
