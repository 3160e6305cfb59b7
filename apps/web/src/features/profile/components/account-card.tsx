import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '@/shared/api/api-error';
import { signOut } from '@/shared/api/session';
import { PATHS } from '@/shared/lib/paths';
import { showAlert } from '@/shared/ui/alert-store';
import { Button } from '@/shared/ui/button';
import { Card } from '@/shared/ui/card';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { LogoutIcon } from '@/shared/ui/icons';
import { logoutOnServer, useDeleteAccount } from '../api/profile-api';
import { PROFILE_TEXTS as T } from '../ru';

/**
 * Leaves the cabinet first, then drops the session: signing out while a cabinet page is still
 * mounted would let its queries run without a token.
 */
function useLeave() {
  const navigate = useNavigate();
  return async (to: string) => {
    await navigate(to, { replace: true });
    signOut();
  };
}

export function SessionCard() {
  const leave = useLeave();
  const [pending, setPending] = useState(false);
  const logout = async () => {
    setPending(true);
    // The local logout happens even when the server cannot be reached.
    await logoutOnServer().catch(() => undefined);
    await leave(PATHS.login);
  };
  return (
    <Card title={T.session} description={T.sessionDescription}>
      <div>
        <Button variant="secondary" icon={<LogoutIcon size={18} />} loading={pending} onClick={() => void logout()}>
          {T.logout}
        </Button>
      </div>
    </Card>
  );
}

export function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const leave = useLeave();
  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: async () => {
        setOpen(false);
        await leave(PATHS.home);
        showAlert(T.deleted, 'success');
      },
      onError: (error) => showAlert(errorMessage(error, T.deleteError), 'error'),
    });
  return (
    <Card title={T.danger} description={T.dangerDescription} tone="danger">
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          {T.delete}
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        title={T.deleteTitle}
        confirmLabel={T.deleteConfirm}
        cancelLabel={T.cancel}
        loading={remove.isPending}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      >
        {T.deleteText}
      </ConfirmDialog>
    </Card>
  );
}
