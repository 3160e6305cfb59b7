import { Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { PATHS } from '@/shared/lib/paths';
import { assistantIdStore } from '@/shared/lib/storage';
import { useDocumentTitle } from '@/shared/lib/use-document-title';
import { Button, ButtonLink } from '@/shared/ui/button';
import { PageHeader } from '@/shared/ui/page-header';
import { Spinner } from '@/shared/ui/spinner';
import { CreateSteps } from './components/create-steps';
import styles from './components/page.module.css';
import type { AssistantSlot } from './lib/slots';
import { ASSISTANT_TEXTS as T } from './ru';

/**
 * Spec §2.7 step 3: integration instructions for the new assistant, and Done to the list. The
 * notification settings follow (the owner hears about the first conversations from the start).
 */
export function CreateIntegrationPage({
  Panel,
  Notifications,
}: {
  Panel: AssistantSlot;
  Notifications?: AssistantSlot;
}) {
  useDocumentTitle(T.createIntegrationTitle);
  const navigate = useNavigate();
  const [assistantId] = useState(() => assistantIdStore.get());

  const done = () => {
    assistantIdStore.clear();
    void navigate(PATHS.assistants);
  };

  return (
    <>
      <CreateSteps current={3} />
      <PageHeader title={T.createIntegrationTitle} description={T.createIntegrationDescription} />
      {assistantId ? (
        <div className={styles.stack}>
          <Suspense fallback={<Spinner size={24} label={T.createIntegrationTitle} />}>
            <Panel assistantId={assistantId} />
          </Suspense>
          {Notifications ? (
            <Suspense fallback={<Spinner size={24} label={T.tabs.notifications} />}>
              <Notifications assistantId={assistantId} />
            </Suspense>
          ) : null}
          <div className={styles.doneRow}>
            <Button size="lg" onClick={done}>
              {T.done}
            </Button>
          </div>
        </div>
      ) : (
        <div className={styles.state} role="alert">
          <p>{T.noAssistantForIntegration}</p>
          <ButtonLink to={PATHS.createData} variant="secondary">
            {T.toData}
          </ButtonLink>
        </div>
      )}
    </>
  );
}
