/** @jsxImportSource preact */
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { DEFAULT_BOTTOM_MARGIN, resolveUrl, type WidgetConfig } from '../config';
import { colorVars, completeDesign } from '../design';
import { TEXTS } from '../texts';
import { useConversation } from '../use-conversation';
import { Composer } from './composer';
import { Header } from './header';
import { Launcher } from './launcher';
import { MessageList } from './message-list';
import { PhoneForm } from './phone-form';
import { SuggestedQuestions, useChips } from './suggested-questions';

export function Widget({ config }: { config: WidgetConfig }) {
  const design = completeDesign(config.design);
  const floating = config.inline === undefined ? config.mode === 'live' : !config.inline;
  const [open, setOpen] = useState(config.open ?? config.mode !== 'live');
  const conv = useConversation(config, open);
  const chips = useChips(conv.visitorSpoke);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const launcherRef = useRef<HTMLButtonElement>(null);
  const windowRef = useRef<HTMLElement>(null);
  // Focus moves only after the visitor's own open/close, never on mount (the cabinet page has its own focus).
  const toggledByUser = useRef(false);
  const uid = useId().replace(/[^\w-]/g, '');
  const windowId = `otk-${uid}-win`;
  const titleId = `otk-${uid}-title`;
  const { markRead, reset } = conv;

  useEffect(() => {
    if (open) markRead();
    if (!toggledByUser.current) return;
    if (!open) launcherRef.current?.focus();
    // On a phone, focusing the input would throw the keyboard over the conversation at once.
    else if (window.matchMedia?.('(max-width: 480px)').matches) windowRef.current?.focus();
    else inputRef.current?.focus();
  }, [open, markRead]);

  // The cabinet's preview starts over when the owner edits the suggested questions, so they show again.
  const questionsKey = JSON.stringify(design.predefinedQuestions);
  const firstQuestions = useRef(questionsKey);
  useEffect(() => {
    if (config.mode !== 'preview' || questionsKey === firstQuestions.current) return;
    firstQuestions.current = questionsKey;
    reset();
  }, [questionsKey, config.mode, reset]);

  const toggle = (next: boolean) => {
    toggledByUser.current = true;
    setOpen(next);
  };
  const avatarUrl = resolveUrl(design.avatarUrl, config.apiBase);
  const patternUrl = resolveUrl(design.headerPatternUrl, config.apiBase);

  return (
    <div
      class={`root ${floating ? 'floating' : 'inline'}${open ? ' open' : ''}`}
      style={colorVars(design, config.bottomMargin ?? DEFAULT_BOTTOM_MARGIN)}
    >
      {open && (
        <section
          class="win"
          id={windowId}
          ref={windowRef}
          tabIndex={-1}
          role="dialog"
          aria-labelledby={titleId}
          onKeyDown={(e) => {
            if (e.key === 'Escape') toggle(false);
          }}
        >
          <Header
            botName={design.botName}
            botRole={design.botRole}
            avatarUrl={avatarUrl}
            patternUrl={patternUrl}
            patternOpacity={design.patternOpacity}
            patternScale={design.patternScale}
            titleId={titleId}
            onClose={() => toggle(false)}
          />
          {!conv.online && (
            <p class="offline" role="status">
              {TEXTS.offline}
            </p>
          )}
          <MessageList
            greeting={design.greeting}
            messages={conv.messages}
            typing={conv.typing}
            botName={design.botName}
            tailKey={conv.phoneForm}
          >
            <PhoneForm idPrefix={`otk-${uid}`} state={conv.phoneForm} onSubmit={conv.sendPhone} />
          </MessageList>
          <div class="foot">
            <SuggestedQuestions
              questions={design.predefinedQuestions}
              state={chips.state}
              onPick={(q) => {
                conv.send(q);
                chips.dismiss();
              }}
            />
            <Composer
              idPrefix={`otk-${uid}`}
              allowAttachment={design.allowFileAttachment}
              busy={conv.busy}
              onSend={conv.send}
              onAttach={conv.attach}
              onType={chips.dismiss}
              inputRef={inputRef}
            />
            {design.brandLogoVisible && (
              <p class="brand">
                {TEXTS.poweredBy} <b>«{TEXTS.brand}»</b>
              </p>
            )}
          </div>
        </section>
      )}
      <Launcher
        open={open}
        unread={conv.unread}
        windowId={windowId}
        onToggle={() => toggle(!open)}
        buttonRef={launcherRef}
      />
    </div>
  );
}
