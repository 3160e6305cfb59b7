import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { isApiError } from '@/shared/api/api-error';
import { PATHS } from '@/shared/lib/paths';
import { useDocumentTitle } from '@/shared/lib/use-document-title';
import { showAlert } from '@/shared/ui/alert-store';
import { Button } from '@/shared/ui/button';
import { MailIcon } from '@/shared/ui/icons';
import { TextInput } from '@/shared/ui/text-input';
import { useForgotPassword } from './api/auth-api';
import { AuthCard } from './components/auth-card';
import styles from './components/form.module.css';
import { AUTH_UI } from './ru';
import { type ForgotForm, forgotForm } from './schemas';

const T = AUTH_UI.forgot;

export default function ForgotPasswordPage() {
  useDocumentTitle(T.title);
  const forgot = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ForgotForm>({ resolver: zodResolver(forgotForm), mode: 'onChange', defaultValues: { email: '' } });

  const onSubmit = handleSubmit(({ email }) => {
    forgot.mutate(
      { email },
      {
        onSuccess: () => {
          showAlert(T.success, 'success');
          setSentTo(email);
        },
        // A rate limit explains itself; anything else is the spec's text.
        onError: (error) => showAlert(isApiError(error) && error.status === 429 ? error.message : T.failure, 'error'),
      },
    );
  });

  const footer = <Link to={PATHS.login}>{T.back}</Link>;

  if (sentTo) {
    return (
      <AuthCard title={T.sentTitle} footer={footer}>
        <div className={styles.center}>
          <MailIcon size={36} />
          <p className={styles.muted}>{T.sentText.replace('{email}', sentTo)}</p>
          <Button variant="secondary" onClick={() => setSentTo(null)}>
            {T.again}
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={T.title} subtitle={T.subtitle} footer={footer}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextInput
          label={AUTH_UI.fields.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={AUTH_UI.placeholders.email}
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" size="lg" fullWidth loading={forgot.isPending} className={styles.submit}>
          {T.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
