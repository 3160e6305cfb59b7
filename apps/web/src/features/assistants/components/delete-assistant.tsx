import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PATHS } from '@/shared/lib/paths';
import { showAlert } from '@/shared/ui/alert-store';
import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
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
      <Button variant="ghost" className={styles.deleteButton} icon={<TrashIcon />} onClick={() => setOpen(true)}>
        {T.delete}
      </Button>
      <Modal
        open={open}
        onClose={() => {
          if (!remove.isPending) setOpen(false);
        }}
        title={T.deleteTitle}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setOpen(false)} disabled={remove.isPending}>
              {T.cancel}
            </Button>
            <Button variant="danger" onClick={confirm} loading={remove.isPending}>
              {T.deleteConfirm}
            </Button>
          </>
        }
      >
        <p>{T.deleteText(name)}</p>
      </Modal>
    </>
  );
}

function TrashIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
    >
      <path d="M4 7h16" strokeLinecap="round" />
      <path d="M9 7V4.5h6V7" strokeLinejoin="round" />
      <path d="M6.5 7l.8 12.2a1.5 1.5 0 0 0 1.5 1.3h6.4a1.5 1.5 0 0 0 1.5-1.3L17.5 7" strokeLinejoin="round" />
      <path d="M10 11v6M14 11v6" strokeLinecap="round" />
    </svg>
  );
}
