import type { ChatVisitor } from '@otklik/contract';
import { useId, useState } from 'react';
import { type Correction, CorrectionModal, type Verdict } from '@/shared/corrections/correction-modal';
import type { ShownMessage } from '../api/chats-api';
import { useConversation } from '../hooks/use-conversation';
import type { LiveConnection } from '../lib/live-connection';
import { questionFor } from '../lib/messages';
import { ChatTools } from './chat-tools';
import { Composer } from './composer';
import styles from './conversation.module.css';
import { MessageList } from './message-list';
import { VisitorCard } from './visitor-card';

interface ConversationProps {
  assistantId: string;
  visitor: ChatVisitor;
  live: LiveConnection | null;
}

/** The right panel for one visitor (spec §2.13): who it is, the tools, the messages and the input. */
export function Conversation({ assistantId, visitor, live }: ConversationProps) {
  const chat = useConversation(assistantId, visitor, live);
  const [correction, setCorrection] = useState<Correction | null>(null);
  const titleId = useId();

  const openCorrection = (message: ShownMessage, verdict: Verdict) =>
    setCorrection({ question: questionFor(chat.messages, message.id), originalAnswer: message.content, verdict });

  return (
    <section className={styles.conversation} aria-labelledby={titleId}>
      <VisitorCard visitor={visitor} titleId={titleId}>
        <ChatTools assistantId={assistantId} visitor={visitor} onMessage={chat.append} />
      </VisitorCard>
      <MessageList messages={chat.messages} loading={chat.history.isPending} onVerdict={openCorrection} />
      <Composer sending={chat.sending} suggestion={chat.suggestion} onSend={(content) => void chat.send(content)} />
      {correction ? (
        <CorrectionModal assistantId={assistantId} correction={correction} onClose={() => setCorrection(null)} />
      ) : null}
    </section>
  );
}
