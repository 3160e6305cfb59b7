import type { Trigger } from '@otklik/contract';
import { useState } from 'react';
import { showAlert } from '@/shared/ui/alert-store';
import { Button } from '@/shared/ui/button';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { PlusIcon } from '@/shared/ui/icons';
import { PanelState } from '@/shared/ui/panel-state';
import { useDeleteTrigger, useTriggers } from './api/triggers-api';
import { BoltIcon } from './components/icons';
import { TriggerCard } from './components/trigger-card';
import { TriggerModal } from './components/trigger-modal';
import styles from './components/triggers.module.css';
import { TRIGGERS_TEXTS as T } from './ru';

/**
 * The triggers step of an assistant (spec §2.11): the list of stop-word triggers with add, edit
 * and delete. A trigger is edited in a modal; saving posts the whole list (spec §7).
 */
export function TriggersTab({ assistantId }: { assistantId: string }) {
  const triggers = useTriggers(assistantId);
  const remove = useDeleteTrigger(assistantId);
  const [editing, setEditing] = useState<Trigger | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<Trigger | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        showAlert(T.deleted, 'success');
        setToDelete(null);
      },
      onError: () => showAlert(T.deleteError, 'error'),
    });
  };

  const addButton = (size: 'sm' | 'md') => (
    <Button size={size} icon={<PlusIcon size={size === 'sm' ? 16 : 18} />} onClick={() => setEditing('new')}>
      {T.add}
    </Button>
  );

  return (
    <section className={styles.root} aria-label={T.title}>
      <div className={styles.toolbar}>
        <p className={styles.intro}>{T.intro}</p>
        {triggers.data && triggers.data.length > 0 ? addButton('md') : null}
      </div>

      {triggers.isPending ? (
        <PanelState loading text={T.loading} />
      ) : triggers.isError ? (
        <PanelState
          tone="error"
          text={T.loadError}
          action={
            <Button variant="secondary" size="sm" onClick={() => void triggers.refetch()}>
              {T.retry}
            </Button>
          }
        />
      ) : triggers.data.length === 0 ? (
        <PanelState icon={<BoltIcon size={26} />} title={T.emptyTitle} text={T.emptyText} action={addButton('sm')} />
      ) : (
        <ul className={styles.list} aria-label={T.listLabel}>
          {triggers.data.map((trigger) => (
            <TriggerCard
              key={trigger.id}
              trigger={trigger}
              onEdit={() => setEditing(trigger)}
              onDelete={() => setToDelete(trigger)}
            />
          ))}
        </ul>
      )}

      <TriggerModal
        assistantId={assistantId}
        open={editing !== null}
        triggers={triggers.data ?? []}
        trigger={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title={T.deleteTitle}
        confirmLabel={T.delete}
        cancelLabel={T.cancel}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      >
        {toDelete ? T.deleteText(toDelete.name.trim() || T.untitled) : null}
      </ConfirmDialog>
    </section>
  );
}

export default TriggersTab;
