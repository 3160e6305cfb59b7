import { useEffect } from 'react';
import { useBlocker } from 'react-router';
import { ConfirmDialog } from '@/shared/ui/confirm-dialog';
import { ASSISTANT_TEXTS as T } from '../ru';

/** A navigation that must not ask (e.g. away from a deleted assistant) carries this state. */
export const LEAVE_WITHOUT_ASKING = { leave: true } as const;

/**
 * Asks before leaving the page with unsaved edits: a modal for moves inside the app, the
 * browser's own question for a reload or a closed tab.
 */
export function UnsavedGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      currentLocation.pathname !== nextLocation.pathname &&
      (nextLocation.state as typeof LEAVE_WITHOUT_ASKING | null)?.leave !== true,
  );

  useEffect(() => {
    if (!when) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);

  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={T.leaveTitle}
      confirmLabel={T.leave}
      cancelLabel={T.stay}
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    >
      {T.leaveText}
    </ConfirmDialog>
  );
}
