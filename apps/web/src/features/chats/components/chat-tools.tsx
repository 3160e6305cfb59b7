import type { ChatMessage, ChatVisitor } from '@otklik/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { showAlert } from '@/shared/ui/alert-store';
import { Button } from '@/shared/ui/button';
import { Switch } from '@/shared/ui/switch';
import { fetchVisitor, patchVisitor, requestPhone, setPaused } from '../api/chats-api';
import { CHATS_TEXTS } from '../ru';
import styles from './conversation.module.css';

const T = CHATS_TEXTS.tools;

interface ChatToolsProps {
  assistantId: string;
  visitor: ChatVisitor;
  /** The phone request's note joins the conversation at once. */
  onMessage: (message: ChatMessage) => void;
}

/** Spec §2.13 tools: the phone request and the conversation's status (§4 "Visitor conversation"). */
export function ChatTools({ assistantId, visitor, onMessage }: ChatToolsProps) {
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [toggling, setToggling] = useState(false);

  const askPhone = async () => {
    setAsking(true);
    try {
      onMessage(await requestPhone(assistantId, visitor.id));
      // Spec §7: only the phone is read, copied onto the selected visitor.
      const { phone } = await fetchVisitor(visitor.id);
      patchVisitor(client, assistantId, visitor.id, { phone });
    } catch {
      showAlert(T.requestPhoneError, 'error');
    } finally {
      setAsking(false);
    }
  };

  const togglePause = async () => {
    const pause = !visitor.isPaused;
    setToggling(true);
    try {
      await setPaused(assistantId, visitor.id, pause);
      patchVisitor(client, assistantId, visitor.id, { isPaused: pause });
      showAlert(pause ? T.paused : T.resumed, 'success');
    } catch {
      showAlert(T.pauseError, 'error');
    } finally {
      setToggling(false);
    }
  };

  return (
    <div className={styles.tools}>
      <Button variant="secondary" size="sm" loading={asking} onClick={() => void askPhone()}>
        {T.requestPhone}
      </Button>
      <div className={styles.status}>
        <span className={styles.statusLabel}>{T.status}</span>
        <Switch
          label={visitor.isPaused ? T.start : T.stop}
          checked={!visitor.isPaused}
          loading={toggling}
          onChange={() => void togglePause()}
        />
      </div>
    </div>
  );
}
