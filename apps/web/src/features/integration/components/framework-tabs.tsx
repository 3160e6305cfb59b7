import {
  INTEGRATION_TEXTS,
  SNIPPET_FRAMEWORK_LABELS,
  SNIPPET_FRAMEWORKS,
  type SnippetFramework,
} from '@otklik/contract';
import { type KeyboardEvent, useRef } from 'react';
import styles from '../integration-panel.module.css';

interface FrameworkTabsProps {
  idPrefix: string;
  value: SnippetFramework;
  onChange: (framework: SnippetFramework) => void;
}

/** The snippet tabs of spec §9 (HTML, Vue 3, Angular, React): a tablist with arrow keys, Home and End. */
export function FrameworkTabs({ idPrefix, value, onChange }: FrameworkTabsProps) {
  const refs = useRef<Partial<Record<SnippetFramework, HTMLButtonElement | null>>>({});
  const move = (event: KeyboardEvent, index: number) => {
    const last = SNIPPET_FRAMEWORKS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1;
    const framework = SNIPPET_FRAMEWORKS[next];
    if (!framework) return;
    event.preventDefault();
    onChange(framework);
    refs.current[framework]?.focus();
  };
  return (
    <div role="tablist" aria-label={INTEGRATION_TEXTS.tabsLabel} className={styles.tabs}>
      {SNIPPET_FRAMEWORKS.map((framework, index) => {
        const selected = framework === value;
        return (
          <button
            key={framework}
            ref={(el) => {
              refs.current[framework] = el;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${framework}`}
            aria-selected={selected}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={selected ? 0 : -1}
            className={styles.tab}
            onClick={() => onChange(framework)}
            onKeyDown={(event) => move(event, index)}
          >
            {SNIPPET_FRAMEWORK_LABELS[framework]}
          </button>
        );
      })}
    </div>
  );
}
