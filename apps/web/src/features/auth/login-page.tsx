import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '@/shared/api/api-error';
import { signIn } from '@/shared/api/session';
import { PATHS } from '@/shared/lib/paths';
import { usePageMeta } from '@/shared/lib/use-page-meta';
import { showAlert } from '@/shared/ui/alert-store';
import { Button } from '@/shared/ui/button';
import { PasswordInput } from '@/shared/ui/password-input';
import { TextInput } from '@/shared/ui/text-input';
import { useLogin } from './api/auth-api';
import { AuthCard } from './components/auth-card';
import styles from './components/form.module.css';
import { useGoAfterLogin } from './lib/after-login';
import { AUTH_UI } from './ru';
import { type LoginForm, loginForm } from './schemas';

const T = AUTH_UI.login;

export default function LoginPage() {
  usePageMeta(PATHS.login);
  const login = useLogin();
  const goAfterLogin = useGoAfterLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginForm>({
    resolver: zodResolver(loginForm),
    mode: 'onChange',
    defaultValues: { username: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    login.mutate(values, {
      onSuccess: ({ token }) => {
        signIn(token);
        showAlert(T.success, 'success');
        goAfterLogin();
      },
      onError: (error) => {
        showAlert(T.failure, 'error');
        // The server says why (wrong password, too many attempts); a network error has its own text.
        setFormError(isApiError(error) ? errorMessage(error, T.failure) : T.failure);
      },
    });
  });

  return (
    <AuthCard
      title={T.title}
      subtitle={T.subtitle}
      footer={
        <>
          {T.noAccount} <Link to={PATHS.signup}>{T.toSignup}</Link>
        </>
      }
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextInput
          label={AUTH_UI.fields.username}
          hint={T.usernameHint}
          autoComplete="username"
          placeholder={AUTH_UI.placeholders.username}
          error={errors.username?.message}
          {...register('username')}
        />
        <TextInput
          label={AUTH_UI.fields.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder={AUTH_UI.placeholders.email}
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordInput
          label={AUTH_UI.fields.password}
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className={styles.row}>
          <Link to={PATHS.forgotPassword}>{T.forgot}</Link>
        </div>
        {formError ? (
          <p className={styles.formError} role="alert">
            {formError}
          </p>
        ) : null}
        <Button type="submit" size="lg" fullWidth loading={login.isPending} className={styles.submit}>
          {T.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
