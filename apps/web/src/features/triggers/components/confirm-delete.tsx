import { Button } from '@/shared/ui/button';
import { Modal } from '@/shared/ui/modal';
import { TRIGGERS_TEXTS as T } from '../ru';

interface ConfirmDeleteProps {
  name: string | null;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** «Are you sure?» before a trigger is deleted. */
export function ConfirmDelete({ name, loading, onConfirm, onClose }: ConfirmDeleteProps) {
  return (
    <Modal
      open={name !== null}
      onClose={onClose}
      title={T.deleteTitle}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {T.cancel}
          </Button>
          <Button variant="danger" loading={loading} onClick={onConfirm}>
            {T.delete}
          </Button>
        </>
      }
    >
      {name === null ? null : T.deleteText(name)}
    </Modal>
  );
}
