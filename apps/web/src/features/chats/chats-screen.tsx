import { liveTopics } from '@otklik/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { assistantPath } from '@/shared/lib/paths';
import { useDocumentTitle } from '@/shared/lib/use-document-title';
import { useIsMobile } from '@/shared/lib/use-media-query';
import { BackButton } from '@/shared/ui/back-button';
import { ArrowLeftIcon } from '@/shared/ui/icons';
import { chatsQuery, historyQuery, useChats } from './api/chats-api';
import styles from './components/chats.module.css';
import { Conversation } from './components/conversation';
import { BellIcon, ChatsIcon } from './components/icons';
import { VisitorList } from './components/visitor-list';
import { useChatAlerts } from './hooks/use-alerts';
import { useLiveConnection, useLiveTopic } from './hooks/use-live';
import { useSelection } from './hooks/use-selection';
import { type OpenLiveConnection, openStompConnection } from './lib/live-connection';
import { liveVisitorUpdate } from './lib/messages';
import { upsertVisitor, visitorName } from './lib/visitors';
import { CHATS_TEXTS } from './ru';

interface ChatsScreenProps {
  assistantId: string;
  /** The live channel; tests pass a fake. */
  openLive?: OpenLiveConnection;
}

/**
 * Spec §2.13 chat monitoring: the visitors on the left, the selected conversation on the right;
 * on a phone (≤ 1000 px) one of them at a time.
 */
export function ChatsScreen({ assistantId, openLive = openStompConnection }: ChatsScreenProps) {
  useDocumentTitle(CHATS_TEXTS.title);
  const client = useQueryClient();
  const chats = useChats(assistantId);
  const { selected, select } = useSelection(chats.data);
  const selectedId = selected?.id ?? null;
  const [unread, setUnread] = useState<Readonly<Record<string, number>>>({});
  const isMobile = useIsMobile();
  const [mobileView, setMobileView] = useState<'list' | 'chat'>('list');
  const live = useLiveConnection(openLive, chats.data !== undefined);
  const titleId = useId();
  const alerts = useChatAlerts();

  // Ours: the list follows every conversation of the assistant live.
  useLiveTopic(
    live,
    liveTopics.assistant(assistantId),
    (body) => onVisitorUpdate(body),
    // Listening from now on: a visitor who came or wrote before is in the list loaded again.
    () => void client.invalidateQueries({ queryKey: chatsQuery(assistantId).queryKey, exact: true }),
  );

  function onVisitorUpdate(body: unknown) {
    const update = liveVisitorUpdate(body);
    if (!update) return;
    const { visitor, message } = update;
    client.setQueryData(chatsQuery(assistantId).queryKey, (list) => list && upsertVisitor(list, visitor, message));
    if (message?.role === 'user' && (visitor.id !== selectedId || document.hidden))
      alerts.alert(CHATS_TEXTS.alerts.title(visitorName(visitor)), message.content, visitor.id);
    if (visitor.id === selectedId) return;
    // Another conversation moved: its cached history is out of date, and a visitor's message is unread.
    void client.invalidateQueries({ queryKey: historyQuery(assistantId, visitor.id).queryKey, refetchType: 'none' });
    if (message?.role === 'user') setUnread((u) => ({ ...u, [visitor.id]: (u[visitor.id] ?? 0) + 1 }));
  }

  const choose = (visitorId: string) => {
    select(visitorId);
    setUnread(({ [visitorId]: _read, ...rest }) => rest);
    setMobileView('chat');
  };

  const showList = !isMobile || mobileView === 'list' || !selected;
  const showChat = !isMobile || !showList;

  return (
    <div className={styles.screen}>
      {showList ? (
        <aside className={styles.sidebar} aria-labelledby={titleId}>
          <div className={styles.sidebarHead}>
            <BackButton fallback={assistantPath(assistantId)} label={CHATS_TEXTS.back} />
            <h1 id={titleId} className={styles.title}>
              {CHATS_TEXTS.title}
            </h1>
            <button
              type="button"
              className={styles.alertsToggle}
              aria-pressed={alerts.enabled}
              title={CHATS_TEXTS.alerts.hint}
              onClick={alerts.toggle}
            >
              <BellIcon size={16} />
              {alerts.enabled ? CHATS_TEXTS.alerts.on : CHATS_TEXTS.alerts.off}
            </button>
          </div>
          <VisitorList query={chats} selectedId={selectedId} unread={unread} onSelect={choose} />
        </aside>
      ) : null}
      {showChat ? (
        <div className={styles.main}>
          {isMobile ? (
            <button type="button" className={styles.toList} onClick={() => setMobileView('list')}>
              <ArrowLeftIcon size={18} />
              {CHATS_TEXTS.conversation.backToList}
            </button>
          ) : null}
          {selected ? (
            <Conversation key={selected.id} assistantId={assistantId} visitor={selected} live={live} />
          ) : (
            <div className={styles.none}>
              <ChatsIcon size={28} />
              <p>{CHATS_TEXTS.conversation.none}</p>
            </div>
          )}
        </div>
      ) : null}
    </div>
  );
}
