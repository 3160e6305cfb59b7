import type { Trigger } from '@otklik/contract';
import { useState } from 'react';
import { showAlert } from '@/shared/ui/alert-store';
import { Button } from '@/shared/ui/button';
import { AlertCircleIcon, PlusIcon } from '@/shared/ui/icons';
import { Spinner } from '@/shared/ui/spinner';
import { useDeleteTrigger, useTriggers } from './api/triggers-api';
import { ConfirmDelete } from './components/confirm-delete';
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
        <div className={styles.state} role="status">
          <Spinner size={22} />
          <p className={styles.stateText}>{T.loading}</p>
        </div>
      ) : triggers.isError ? (
        <div className={styles.state} data-tone="error" role="alert">
          <AlertCircleIcon size={28} />
          <p className={styles.stateText}>{T.loadError}</p>
          <Button variant="secondary" size="sm" onClick={() => void triggers.refetch()}>
            {T.retry}
          </Button>
        </div>
      ) : triggers.data.length === 0 ? (
        <div className={styles.state}>
          <span className={styles.stateIcon}>
            <BoltIcon size={26} />
          </span>
          <p className={styles.stateTitle}>{T.emptyTitle}</p>
          <p className={styles.stateText}>{T.emptyText}</p>
          {addButton('sm')}
        </div>
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
      <ConfirmDelete
        name={toDelete ? toDelete.name.trim() || T.untitled : null}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </section>
  );
}

export default TriggersTab;
