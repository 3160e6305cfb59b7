import type { ChatVisitor } from '@otklik/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { isApiError } from '@/shared/api/api-error';
import { Button } from '@/shared/ui/button';
import { PanelState } from '@/shared/ui/panel-state';
import { activityLabel, previewText, visitorName } from '../lib/visitors';
import { CHATS_TEXTS } from '../ru';
import styles from './chats.module.css';
import { ChatsIcon, VisitorTypeIcon } from './icons';

const T = CHATS_TEXTS.list;

interface VisitorListProps {
  query: UseQueryResult<ChatVisitor[]>;
  selectedId: string | null;
  unread: Readonly<Record<string, number>>;
  onSelect: (visitorId: string) => void;
}

/** Spec §2.13 and §8: the visitors, with the loading text and the two list errors. */
export function VisitorList({ query, selectedId, unread, onSelect }: VisitorListProps) {
  if (query.isPending) return <PanelState loading text={T.loading} />;
  if (query.isError) {
    // Status 0: the server was not reached.
    const network = isApiError(query.error) && query.error.status === 0;
    return (
      <PanelState
        tone="error"
        text={network ? T.networkError : T.error}
        action={
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            {T.retry}
          </Button>
        }
      />
    );
  }
  if (query.data.length === 0)
    return <PanelState icon={<ChatsIcon size={24} />} title={T.emptyTitle} text={T.emptyText} />;

  return (
    <ul className={styles.list} aria-label={T.label}>
      {query.data.map((v) => (
        <li key={v.id}>
          <VisitorItem visitor={v} selected={v.id === selectedId} unread={unread[v.id] ?? 0} onSelect={onSelect} />
        </li>
      ))}
    </ul>
  );
}

interface VisitorItemProps {
  visitor: ChatVisitor;
  selected: boolean;
  unread: number;
  onSelect: (visitorId: string) => void;
}

function VisitorItem({ visitor, selected, unread, onSelect }: VisitorItemProps) {
  const name = visitorName(visitor);
  return (
    <button
      type="button"
      className={styles.item}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(visitor.id)}
    >
      <span className={styles.itemIcon} data-type={visitor.type}>
        <VisitorTypeIcon type={visitor.type} size={18} />
      </span>
      <span className={styles.itemText}>
        <span className={styles.itemTop}>
          <span className={styles.itemName} title={name}>
            {name}
          </span>
          <span className={styles.itemTime}>{activityLabel(visitor)}</span>
        </span>
        <span className={styles.itemBottom}>
          <span className={styles.itemPreview}>{previewText(visitor)}</span>
          {unread > 0 ? (
            <span className={styles.badge} title={T.unread(unread)}>
              <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
              <span className="visually-hidden">{T.unread(unread)}</span>
            </span>
          ) : null}
        </span>
      </span>
    </button>
  );
}
