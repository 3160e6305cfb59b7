import { zodResolver } from '@hookform/resolvers/zod';
import { UpdateProfileRequest, type UserProfile } from '@otklik/contract';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '@/shared/api/api-error';
import { showAlert } from '@/shared/ui/alert-store';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { TextInput } from '@/shared/ui/text-input';
import { useUpdateProfile } from '../api/profile-api';
import { PROFILE_TEXTS as T } from '../ru';
import { EmailStatus } from './email-status';
import styles from './profile.module.css';

const personalForm = UpdateProfileRequest.pick({ username: true, email: true });
type PersonalForm = z.infer<typeof personalForm>;

export function PersonalCard({ profile }: { profile: UserProfile }) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<PersonalForm>({
    resolver: zodResolver(personalForm),
    mode: 'onChange',
    values: { username: profile.username, email: profile.email },
  });

  const onSubmit = handleSubmit((values) => {
    update.mutate(
      { ...values, isAllowedNotify: profile.isAllowedNotify },
      {
        onSuccess: (saved) => {
          reset({ username: saved.username, email: saved.email });
          showAlert(T.saved, 'success');
        },
        onError: (error) => showAlert(errorMessage(error, T.saveError), 'error'),
      },
    );
  });

  return (
    <Card title={T.personal}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.grid}>
          <TextInput
            label={T.username}
            autoComplete="username"
            error={errors.username?.message}
            {...register('username')}
          />
          <TextInput
            label={T.email}
            type="email"
            inputMode="email"
            autoComplete="email"
            error={errors.email?.message}
            hint={T.emailChangeHint}
            {...register('email')}
          />
        </div>
        <EmailStatus confirmed={profile.isEmailConfirmed} />
        <div className={styles.actions}>
          <Button type="submit" loading={update.isPending} disabled={!isDirty}>
            {T.save}
          </Button>
        </div>
      </form>
    </Card>
  );
}
