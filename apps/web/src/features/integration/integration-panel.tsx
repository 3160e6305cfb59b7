import {
  buildSnippet,
  INTEGRATION_TEXTS,
  instructionParts,
  SNIPPET_FRAMEWORK_LABELS,
  SNIPPET_FRAMEWORKS,
  SNIPPET_INSTRUCTIONS,
  type SnippetFramework,
} from '@otklik/contract';
import { useId, useState } from 'react';
import { Button } from '@/shared/ui/button';
import { MailIcon } from '@/shared/ui/icons';
import { CodeBlock } from './components/code-block';
import { FrameworkTabs } from './components/framework-tabs';
import { ShieldCheckIcon } from './components/icons';
import { SendSnippetModal } from './components/send-snippet-modal';
import { TelegramSection } from './components/telegram-section';
import styles from './integration-panel.module.css';

const TAB_KEY = 'integrationFramework';

function storedFramework(): SnippetFramework {
  try {
    const value = window.localStorage.getItem(TAB_KEY);
    return SNIPPET_FRAMEWORKS.find((f) => f === value) ?? 'html';
  } catch {
    return 'html';
  }
}

function rememberFramework(framework: SnippetFramework) {
  try {
    window.localStorage.setItem(TAB_KEY, framework);
  } catch {
    // Without storage the tab is simply not remembered.
  }
}

/** The file a snippet goes into, shown above its code. */
const FILE_LABELS: Record<SnippetFramework, string> = {
  html: 'index.html',
  vue: 'src/components/ChatWidget.vue',
  angular: 'src/app/chat-widget.component.ts',
  react: 'src/components/ChatWidget.jsx',
};

/**
 * Spec §2.7 step 3 and §2.11 "Integration": how to put the assistant's widget on a site, with
 * the code for HTML, Vue 3, Angular and React, and the modal that mails it to a developer. The
 * script is loaded from the service's own origin (the cabinet is served by the same server).
 * Below it, the Telegram bots (customer and trainer).
 */
export function IntegrationPanel({ assistantId }: { assistantId: string }) {
  const id = useId();
  const [framework, setFramework] = useState<SnippetFramework>(storedFramework);
  const [sending, setSending] = useState(false);
  const origin = window.location.origin;
  const code = buildSnippet(framework, { origin, assistantId });

  const choose = (next: SnippetFramework) => {
    setFramework(next);
    rememberFramework(next);
  };

  return (
    <div className={styles.root}>
      <section className={styles.panel} aria-labelledby={`${id}-title`}>
        <header className={styles.head}>
          <div className={styles.headText}>
            <h2 id={`${id}-title`} className={styles.title}>
              {INTEGRATION_TEXTS.title}
            </h2>
            <p className={styles.lead}>{INTEGRATION_TEXTS.lead}</p>
          </div>
          <Button
            variant="secondary"
            icon={<MailIcon size={16} strokeWidth={2} />}
            className={styles.sendButton}
            onClick={() => setSending(true)}
          >
            {INTEGRATION_TEXTS.sendToDeveloper}
          </Button>
        </header>

        <p className={styles.idRow}>
          <span className={styles.idLabel}>{INTEGRATION_TEXTS.assistantId}</span>
          <code className={styles.id}>{assistantId}</code>
        </p>

        <FrameworkTabs idPrefix={id} value={framework} onChange={choose} />

        <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${framework}`} className={styles.tabPanel}>
          <ol className={styles.steps}>
            {SNIPPET_INSTRUCTIONS[framework].map((step) => (
              <li key={step} className={styles.step}>
                <span>
                  {instructionParts(step).map((part, i) =>
                    part.code ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed sentence
                      <code key={i} className={styles.inlineCode}>
                        {part.text}
                      </code>
                    ) : (
                      part.text
                    ),
                  )}
                </span>
              </li>
            ))}
          </ol>
          <CodeBlock code={code} label={`${SNIPPET_FRAMEWORK_LABELS[framework]} · ${FILE_LABELS[framework]}`} />
        </div>

        <aside className={styles.check}>
          <ShieldCheckIcon />
          <div>
            <p className={styles.checkTitle}>{INTEGRATION_TEXTS.checkTitle}</p>
            <p>{INTEGRATION_TEXTS.check}</p>
          </div>
        </aside>

        <SendSnippetModal
          open={sending}
          onClose={() => setSending(false)}
          assistantId={assistantId}
          origin={origin}
          framework={framework}
        />
      </section>
      <TelegramSection assistantId={assistantId} />
    </div>
  );
}

export default IntegrationPanel;
