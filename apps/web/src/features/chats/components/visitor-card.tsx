import type { ChatVisitor } from '@otklik/contract';
import type { ReactNode } from 'react';
import { CHATS_TEXTS } from '../ru';
import styles from './conversation.module.css';
import { VisitorTypeIcon } from './icons';

const T = CHATS_TEXTS.visitor;

/**
 * Spec §2.13: 'Собеседник' with the type icon and the lines that have a value; 'ID:' when
 * neither a first name nor a Telegram username is known.
 */
interface VisitorCardProps {
  visitor: ChatVisitor;
  /** Names the conversation's region. */
  titleId: string;
  /** The tools, under the facts. */
  children?: ReactNode;
}

export function VisitorCard({ visitor, titleId, children }: VisitorCardProps) {
  const name = [visitor.firstName, visitor.lastName].filter(Boolean).join(' ');
  const username = visitor.tgUsername?.replace(/^@/, '');
  return (
    <header className={styles.card}>
      <div className={styles.cardTitle}>
        <span className={styles.cardIcon} data-type={visitor.type}>
          <VisitorTypeIcon type={visitor.type} size={18} />
        </span>
        <h2 id={titleId}>{T.title}</h2>
      </div>
      <dl className={styles.facts}>
        {name ? <Fact label={T.name}>{name}</Fact> : null}
        {username ? (
          <Fact label={T.telegram}>
            <a href={`https://t.me/${encodeURIComponent(username)}`} target="_blank" rel="noopener noreferrer">
              @{username}
            </a>
          </Fact>
        ) : null}
        {visitor.email ? (
          <Fact label={T.email}>
            <a href={`mailto:${visitor.email}`}>{visitor.email}</a>
          </Fact>
        ) : null}
        {visitor.phone ? (
          <Fact label={T.phone}>
            <a href={`tel:${visitor.phone.replace(/[^\d+]/g, '')}`}>{visitor.phone}</a>
          </Fact>
        ) : null}
        {!visitor.firstName && !username ? <Fact label={T.id}>{visitor.id}</Fact> : null}
      </dl>
      {children}
    </header>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.fact}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
