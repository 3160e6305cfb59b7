import { PATHS } from '@/shared/lib/paths';
import { useDocumentTitle } from '@/shared/lib/use-document-title';
import { Button, ButtonLink } from '@/shared/ui/button';
import { PlusIcon } from '@/shared/ui/icons';
import { PageHeader } from '@/shared/ui/page-header';
import { useAssistants } from './api/assistants-api';
import { AssistantCard, AssistantCardSkeleton, NewAssistantCard } from './components/assistant-card';
import cardStyles from './components/assistant-card.module.css';
import { EmptyState } from './components/empty-state';
import styles from './components/page.module.css';
import { ASSISTANT_TEXTS as T } from './ru';

/** Spec §2.8: the owner's assistants as cards, with a creation entry. */
export default function AssistantsPage() {
  useDocumentTitle(T.listTitle);
  const list = useAssistants();
  const hasAny = (list.data?.length ?? 0) > 0;

  return (
    <>
      <PageHeader
        title={T.listTitle}
        description={T.listDescription}
        actions={
          hasAny ? (
            <ButtonLink to={PATHS.createDesign} icon={<PlusIcon size={18} />}>
              {T.create}
            </ButtonLink>
          ) : null
        }
      />
      {list.isPending ? (
        <>
          <span role="status" className="visually-hidden">
            {T.loadingList}
          </span>
          <ul className={cardStyles.grid} aria-hidden="true">
            <AssistantCardSkeleton />
            <AssistantCardSkeleton />
            <AssistantCardSkeleton />
          </ul>
        </>
      ) : list.isError ? (
        <div className={styles.state} role="alert">
          <p>{T.listError}</p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {T.retry}
          </Button>
        </div>
      ) : hasAny ? (
        <ul className={cardStyles.grid}>
          {list.data.map((assistant) => (
            <AssistantCard key={assistant.id} assistant={assistant} />
          ))}
          <NewAssistantCard />
        </ul>
      ) : (
        <EmptyState
          title={T.emptyTitle}
          text={T.emptyText}
          action={
            <ButtonLink to={PATHS.createDesign} size="lg" icon={<PlusIcon size={18} />}>
              {T.emptyCta}
            </ButtonLink>
          }
        />
      )}
    </>
  );
}
