import { BOT_NAME_MAX_LENGTH, BOT_ROLE_MAX_LENGTH, WIDGET_GREETING_MAX_LENGTH } from '@otklik/contract';
import { useRef } from 'react';
import { AutoTextarea } from '@/shared/ui/auto-textarea';
import { Switch } from '@/shared/ui/switch';
import { TextInput } from '@/shared/ui/text-input';
import type { DesignState } from '../lib/design';
import { ASSISTANT_TEXTS as T } from '../ru';
import styles from './design-form.module.css';
import { EmojiButton } from './emoji-button';

interface Props {
  design: DesignState;
  onChange: (patch: Partial<DesignState>) => void;
}

// The server's limits: the fields stop there instead of failing on save.
const BOT_NAME_MAX = BOT_NAME_MAX_LENGTH;
const BOT_ROLE_MAX = BOT_ROLE_MAX_LENGTH;
const GREETING_MAX = WIDGET_GREETING_MAX_LENGTH;

/** Spec §2.9: bot name, bot role and greeting (with the emoji panel). */
export function TextsSection({ design, onChange }: Props) {
  const greeting = useRef<HTMLTextAreaElement>(null);
  return (
    <div className={styles.stack}>
      <div className={styles.grid2}>
        <TextInput
          label={T.botName}
          value={design.botName}
          maxLength={BOT_NAME_MAX}
          onChange={(event) => onChange({ botName: event.target.value })}
        />
        <TextInput
          label={T.botRole}
          value={design.botRole}
          maxLength={BOT_ROLE_MAX}
          placeholder={T.botRolePlaceholder}
          onChange={(event) => onChange({ botRole: event.target.value })}
        />
      </div>
      <div className={styles.withEmoji}>
        <AutoTextarea
          ref={greeting}
          label={T.greeting}
          rows={2}
          maxRows={6}
          maxLength={GREETING_MAX}
          value={design.greeting}
          className={styles.grow}
          onChange={(event) => onChange({ greeting: event.target.value })}
        />
        <EmojiButton target={greeting} onInsert={(value) => onChange({ greeting: value.slice(0, GREETING_MAX) })} />
      </div>
    </div>
  );
}

/** Spec §2.9: brand-logo visibility and file-attachment permission. */
export function OptionsSection({ design, onChange }: Props) {
  return (
    <div className={styles.stack}>
      <Switch
        label={T.brandLogo}
        description={T.brandLogoDescription}
        checked={design.brandLogoVisible}
        onChange={(brandLogoVisible) => onChange({ brandLogoVisible })}
      />
      <Switch
        label={T.attachments}
        description={T.attachmentsDescription}
        checked={design.allowFileAttachment}
        onChange={(allowFileAttachment) => onChange({ allowFileAttachment })}
      />
    </div>
  );
}
