import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { knowledgeTabStore } from '@/shared/lib/storage';
import { AnswersPanel } from './components/answers-panel';
import { FilesPanel } from './components/files-panel';
import styles from './components/knowledge.module.css';
import { KNOWLEDGE_TEXTS } from './ru';

type KnowledgeSection = 'files' | 'answers';
const SECTIONS: readonly KnowledgeSection[] = ['files', 'answers'];

const storedSection = (): KnowledgeSection => (knowledgeTabStore.get() === 'answers' ? 'answers' : 'files');

/**
 * The knowledge step of an assistant (spec §2.10): its files and its corrected answers, in two
 * tabs; the chosen tab is remembered.
 */
export function KnowledgeTab({ assistantId }: { assistantId: string }) {
  const [section, setSection] = useState<KnowledgeSection>(storedSection);
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const choose = (next: KnowledgeSection) => {
    setSection(next);
    knowledgeTabStore.set(next);
  };

  // WAI-ARIA tabs: arrows, Home and End move between the tabs.
  const onKeyDown = (event: KeyboardEvent) => {
    const index = SECTIONS.indexOf(section);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % SECTIONS.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + SECTIONS.length) % SECTIONS.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? SECTIONS.length - 1
              : -1;
    const target = SECTIONS[next];
    if (!target) return;
    event.preventDefault();
    choose(target);
    tabs.current[next]?.focus();
  };

  return (
    <div className={styles.root}>
      <div role="tablist" aria-label={KNOWLEDGE_TEXTS.tabs.label} className={styles.tabs} onKeyDown={onKeyDown}>
        {SECTIONS.map((name, index) => (
          <button
            key={name}
            ref={(el) => {
              tabs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-${name}-tab`}
            aria-selected={section === name}
            aria-controls={`${id}-${name}-panel`}
            tabIndex={section === name ? 0 : -1}
            className={styles.tab}
            onClick={() => choose(name)}
          >
            {KNOWLEDGE_TEXTS.tabs[name]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${section}-panel`} aria-labelledby={`${id}-${section}-tab`}>
        {section === 'files' ? <FilesPanel assistantId={assistantId} /> : <AnswersPanel assistantId={assistantId} />}
      </div>
    </div>
  );
}

export default KnowledgeTab;
