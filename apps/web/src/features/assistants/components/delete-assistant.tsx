import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PATHS } from '@/shared/lib/paths';
import { showAlert } from '@/shared/ui/alert-store';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { TrashIcon } from '@/shared/ui/icons';
import { useDeleteAssistant } from '../api/assistants-api';
import { failureText } from '../lib/failure-text';
import { ASSISTANT_TEXTS as T } from '../ru';
import styles from './page.module.css';
import { LEAVE_WITHOUT_ASKING } from './unsaved-guard';

/** Deleting an assistant, after a confirmation: its widget, files and conversations go with it. */
export function DeleteAssistant({ assistantId, name }: { assistantId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAssistant(assistantId);
  const navigate = useNavigate();

  const confirm = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        showAlert(T.deleted, 'success');
        void navigate(PATHS.assistants, { replace: true, state: LEAVE_WITHOUT_ASKING });
      },
      onError: (error) => showAlert(failureText(error, T.deleteError), 'error'),
    });

  return (
    <>
      <Button
        variant="ghost"
        className={styles.deleteButton}
        icon={<TrashIcon size={18} />}
        onClick={() => setOpen(true)}
      >
        {T.delete}
      </Button>
      <ConfirmDialog
        open={open}
        title={T.deleteTitle}
        confirmLabel={T.deleteConfirm}
        cancelLabel={T.cancel}
        loading={remove.isPending}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      >
        {T.deleteText(name)}
      </ConfirmDialog>
    </>
  );
}
