import type { ReactNode } from 'react';
import { usePatterns } from '../api/widget-api';
import type { DesignState } from '../lib/design';
import { patternUrl } from '../lib/patterns';
import { ASSISTANT_TEXTS as T } from '../ru';
import { AvatarSection } from './avatar-section';
import { ColorSection } from './color-section';
import styles from './design-form.module.css';
import { PatternSection } from './pattern-section';
import { QuestionsSection } from './questions-section';
import { OptionsSection, TextsSection } from './texts-section';
import { useAvatarActions } from './use-avatar-actions';

interface Props {
  design: DesignState;
  onChange: (patch: Partial<DesignState>) => void;
  /** The widget the avatar calls go to (the create or the edit id, spec §4). */
  widgetId: string | null;
}

/** Spec §2.9: every setting of the widget design; each change goes to `onChange` at once. */
export function DesignForm({ design, onChange, widgetId }: Props) {
  const patterns = usePatterns();
  const avatar = useAvatarActions(widgetId, onChange);
  const options = patterns.data?.map((p) => ({ id: p.id, name: p.name, url: patternUrl(p.id, patterns.data) ?? '' }));

  return (
    <div className={styles.form}>
      <Section title={T.colors}>
        <ColorSection design={design} onChange={onChange} />
      </Section>
      <Section title={T.avatar}>
        <AvatarSection
          logoUrl={design.logoUrl}
          botName={design.botName}
          busy={avatar.busy}
          onPick={(url) => void avatar.pick(url)}
          onUpload={(file) => void avatar.upload(file)}
          onRemove={() => void avatar.remove()}
        />
      </Section>
      <Section title={T.texts}>
        <TextsSection design={design} onChange={onChange} />
      </Section>
      <Section title={T.pattern}>
        <PatternSection
          design={design}
          patterns={options}
          status={patterns.status}
          onRetry={() => void patterns.refetch()}
          onChange={onChange}
        />
      </Section>
      <Section title={T.questions} hint={T.questionsHint}>
        <QuestionsSection
          questions={design.predefinedQuestions}
          onChange={(predefinedQuestions) => onChange({ predefinedQuestions })}
        />
      </Section>
      <Section title={T.options}>
        <OptionsSection design={design} onChange={onChange} />
      </Section>
    </div>
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <header className={styles.sectionHeader}>
        <h2 className={styles.sectionTitle}>{title}</h2>
        {hint ? <p className={styles.hint}>{hint}</p> : null}
      </header>
      {children}
    </section>
  );
}
