import type { UserProfile } from '@otklik/contract';
import { errorMessage } from '@/shared/api/api-error';
import { showAlert } from '@/shared/ui/alert-store';
import { Card } from '@/shared/ui/card';
import { Switch } from '@/shared/ui/switch';
import { useSetNotify } from '../api/profile-api';
import { PROFILE_TEXTS as T } from '../ru';

export function NotifyCard({ profile }: { profile: UserProfile }) {
  const setNotify = useSetNotify();
  // While saving, show the value being saved.
  const checked = setNotify.isPending ? (setNotify.variables ?? profile.isAllowedNotify) : profile.isAllowedNotify;
  return (
    <Card title={T.notifications}>
      <Switch
        label={T.notify}
        description={T.notifyDescription}
        checked={checked}
        loading={setNotify.isPending}
        onChange={(value) =>
          setNotify.mutate(value, {
            onSuccess: (saved) => showAlert(saved.isAllowedNotify ? T.notifyOn : T.notifyOff, 'success'),
            onError: (error) => showAlert(errorMessage(error, T.notifyError), 'error'),
          })
        }
      />
    </Card>
  );
}
