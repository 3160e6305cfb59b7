/**
 * The embed script's first frame: the closed launcher in the owner's colours, drawn with the DOM
 * alone, before the conversation's code (Preact and all, app.ts) has even been requested. The
 * markup is the Launcher component's (components/launcher.tsx) when closed; a test keeps the two
 * the same, so the hand-over to the component changes no pixel.
 */
import { deriveTextColor } from './colors';
import type { DesignColors } from './design';
import { CHAT_PATH, CHEVRON_DOWN_PATH, LAUNCHER_ICON_SIZE } from './launcher-icons';
import { CSS } from './styles';
import { OPEN_CHAT } from './texts';

/** Marks the painted launcher's root, which the component's mount removes. */
export const BOOT_ATTR = 'data-otk-boot';

const icon = (cls: string, d: string) =>
  `<span class="launcher-icon ${cls}"><svg width="${LAUNCHER_ICON_SIZE}" height="${LAUNCHER_ICON_SIZE}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d="${d}"></path></svg></span>`;

/** The closed launcher's inner HTML (no user data: texts and icons of our own). */
export const LAUNCHER_HTML = `<button type="button" class="launcher" aria-label="${OPEN_CHAT}" aria-expanded="false">${icon('icon-chat', CHAT_PATH)}${icon('icon-close', CHEVRON_DOWN_PATH)}</button>`;

/**
 * Puts the stylesheet and the closed launcher into `shadow` and returns the launcher's root;
 * `onPress` runs when the visitor presses it before the conversation's code has arrived.
 */
export function paintLauncher(
  shadow: ShadowRoot,
  design: DesignColors,
  bottomMargin: number,
  onPress: () => void,
): HTMLElement {
  const style = document.createElement('style');
  style.textContent = CSS;
  const root = document.createElement('div');
  root.className = 'root floating';
  root.setAttribute(BOOT_ATTR, '');
  // What the closed launcher wears (the component sets the rest of colorVars when it takes over;
  // the focus ring is the accent itself until then).
  const vars = {
    '--accent': design.accentColor,
    '--on-accent': deriveTextColor(design.accentColor),
    '--accent-ink': design.accentColor,
    '--bottom': `${bottomMargin}px`,
  };
  for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
  root.innerHTML = LAUNCHER_HTML;
  root.firstElementChild?.addEventListener('click', onPress);
  shadow.append(style, root);
  return root;
}
