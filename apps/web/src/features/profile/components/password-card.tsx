import { zodResolver } from '@hookform/resolvers/zod';
import { ChangePasswordRequest } from '@otklik/contract';
import { useForm, useWatch } from 'react-hook-form';
import { errorMessage } from '@/shared/api/api-error';
import { showAlert } from '@/shared/ui/alert-store';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { PasswordInput } from '@/shared/ui/password-input';
import { useChangePassword } from '../api/profile-api';
import { PROFILE_TEXTS as T } from '../ru';
import styles from './profile.module.css';

export function PasswordCard() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm<ChangePasswordRequest>({
    resolver: zodResolver(ChangePasswordRequest),
    mode: 'onChange',
    defaultValues: { oldPassword: '', newPassword: '' },
  });
  const [oldPassword, newPassword] = useWatch({ control, name: ['oldPassword', 'newPassword'] });
  // Spec §5: the change runs only when both passwords are filled.
  const bothFilled = oldPassword !== '' && newPassword !== '';

  const onSubmit = handleSubmit((values) => {
    if (!bothFilled) return;
    change.mutate(values, {
      onSuccess: () => {
        reset();
        showAlert(T.passwordChanged, 'success');
      },
      onError: (error) => showAlert(errorMessage(error, T.passwordError), 'error'),
    });
  });

  return (
    <Card title={T.password} description={T.passwordDescription}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.grid}>
          <PasswordInput
            label={T.oldPassword}
            autoComplete="current-password"
            error={oldPassword ? errors.oldPassword?.message : undefined}
            {...register('oldPassword')}
          />
          <PasswordInput
            label={T.newPassword}
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...register('newPassword')}
          />
        </div>
        <div className={styles.actions}>
          <Button type="submit" loading={change.isPending} disabled={!bothFilled}>
            {T.changePassword}
          </Button>
        </div>
      </form>
    </Card>
  );
}
