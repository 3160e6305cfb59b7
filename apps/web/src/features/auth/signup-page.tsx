import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { isApiError } from '@/shared/api/api-error';
import { signIn } from '@/shared/api/session';
import { PATHS } from '@/shared/lib/paths';
import { usePageMeta } from '@/shared/lib/use-page-meta';
import { showAlert } from '@/shared/ui/alert-store';
import { Button } from '@/shared/ui/button';
import { PasswordInput } from '@/shared/ui/password-input';
import { TextInput } from '@/shared/ui/text-input';
import { useSignup } from './api/auth-api';
import { AuthCard } from './components/auth-card';
import styles from './components/form.module.css';
import { useGoAfterSignup } from './lib/after-login';
import { AUTH_UI } from './ru';
import { type SignupForm, signupForm } from './schemas';

const T = AUTH_UI.signup;

/** Spec §8: 409 means the e-mail is taken; a rate limit says so itself; the rest is generic. */
function signupError(error: unknown): string {
  if (!isApiError(error)) return T.failure;
  if (error.status === 409) return T.exists;
  if (error.status === 429) return error.message;
  return T.failure;
}

export default function SignupPage() {
  usePageMeta(PATHS.signup);
  const signup = useSignup();
  const goAfterSignup = useGoAfterSignup();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignupForm>({
    resolver: zodResolver(signupForm),
    // Spec §5: checked on input and on submit.
    mode: 'onChange',
    defaultValues: { username: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    signup.mutate(values, {
      onSuccess: ({ token }) => {
        // Spec §2.1: after signup the user is signed in.
        signIn(token);
        showAlert(T.success, 'success');
        goAfterSignup();
      },
      onError: (error) => {
        const message = signupError(error);
        showAlert(message, 'error');
        setFormError(message);
      },
    });
  });

  return (
    <AuthCard
      title={T.title}
      subtitle={T.subtitle}
      footer={
        <>
          {T.hasAccount} <Link to={PATHS.login}>{T.toLogin}</Link>
        </>
      }
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <TextInput
          label={AUTH_UI.fields.username}
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
          autoComplete="new-password"
          placeholder={AUTH_UI.placeholders.password}
          error={errors.password?.message}
          {...register('password')}
        />
        {formError ? (
          <p className={styles.formError} role="alert">
            {formError}
          </p>
        ) : null}
        <Button type="submit" size="lg" fullWidth loading={signup.isPending} className={styles.submit}>
          {T.submit}
        </Button>
      </form>
    </AuthCard>
  );
}
