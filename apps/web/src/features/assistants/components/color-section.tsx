import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import type { DesignState } from '../lib/design';
import { COLOR_TABS, type ColorField, HEX_COLOR, PALETTES, sameColor } from '../lib/palettes';
import { ASSISTANT_TEXTS as T } from '../ru';
import styles from './design-form.module.css';

/** `<input type="color">` only takes #rrggbb. */
const toLongHex = (color: string) =>
  /^#[0-9a-f]{3}$/i.test(color) ? `#${color.slice(1).replace(/./g, (c) => c + c)}`.toLowerCase() : color.toLowerCase();

interface Props {
  design: DesignState;
  onChange: (patch: Partial<DesignState>) => void;
}

/** Spec §2.9: colour tabs Фон, Акцент, Сообщения; 8 palettes of 3 colours; and any colour by hand. */
export function ColorSection({ design, onChange }: Props) {
  const [tab, setTab] = useState<ColorField>('backgroundColor');
  const baseId = useId();
  const current = design[tab];
  const [hex, setHex] = useState(current);
  // The text field follows the colour when it changes elsewhere (a swatch, another tab).
  useEffect(() => setHex(current), [current]);

  const set = (color: string) => onChange({ [tab]: color } as Partial<DesignState>);

  const onTabKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = COLOR_TABS.findIndex((t) => t.field === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = COLOR_TABS[(index + step + COLOR_TABS.length) % COLOR_TABS.length];
    if (!next) return;
    setTab(next.field);
    document.getElementById(`${baseId}-${next.field}`)?.focus();
  };

  return (
    <div className={styles.colors}>
      <div className={styles.colorTabs} role="tablist" aria-label={T.colorTabsLabel} onKeyDown={onTabKey}>
        {COLOR_TABS.map((t) => (
          <button
            key={t.field}
            id={`${baseId}-${t.field}`}
            type="button"
            role="tab"
            aria-selected={tab === t.field}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab === t.field ? 0 : -1}
            className={styles.colorTab}
            onClick={() => setTab(t.field)}
          >
            <span className={styles.colorDot} style={{ background: design[t.field] }} aria-hidden="true" />
            {t.label}
          </button>
        ))}
      </div>
      <div id={`${baseId}-panel`} role="tabpanel" aria-labelledby={`${baseId}-${tab}`} className={styles.colorPanel}>
        <div className={styles.palettes}>
          {PALETTES.map((palette) => (
            <fieldset key={palette.name} className={styles.palette}>
              <legend className="visually-hidden">{T.paletteLabel(palette.name)}</legend>
              {palette.colors.map((color) => (
                <button
                  key={color}
                  type="button"
                  className={styles.swatch}
                  style={{ background: color }}
                  aria-label={color}
                  aria-pressed={sameColor(color, current)}
                  title={`${palette.name}: ${color}`}
                  onClick={() => set(color)}
                />
              ))}
            </fieldset>
          ))}
        </div>
        <div className={styles.customColor}>
          <label className={styles.colorWell}>
            <span className="visually-hidden">{T.customColor}</span>
            <input type="color" value={toLongHex(current)} onChange={(event) => set(event.target.value)} />
          </label>
          <label className={styles.hexField}>
            <span className={styles.hexLabel}>{T.hexLabel}</span>
            <input
              className={styles.hexInput}
              value={hex}
              maxLength={7}
              spellCheck={false}
              aria-invalid={!HEX_COLOR.test(hex) || undefined}
              onChange={(event) => {
                // One leading '#', whatever was typed or pasted ("FF7F50", "##ff7f50").
                const value = `#${event.target.value.replace(/#/g, '').trim()}`;
                setHex(value);
                if (HEX_COLOR.test(value)) set(value);
              }}
              onBlur={() => setHex(current)}
            />
          </label>
        </div>
      </div>
      <p className={styles.hint}>{T.colorsHint}</p>
    </div>
  );
}
