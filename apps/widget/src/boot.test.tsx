/** @jsxImportSource preact */
import { render } from 'preact';
import { expect, test } from 'vitest';
import { BOOT_ATTR, LAUNCHER_HTML, paintLauncher } from './boot';
import { Launcher } from './components/launcher';

/** Attributes in a fixed order, so markup written by hand and by Preact compare as text. */
function canonical(el: Element): string {
  const attrs = [...el.attributes]
    .map((a) => `${a.name}="${a.value}"`)
    .sort()
    .join(' ');
  return `<${el.localName} ${attrs}>${[...el.children].map(canonical).join('')}</${el.localName}>`;
}

test("the embed script's first frame is the closed launcher of the component, element for element", () => {
  const fromComponent = document.createElement('div');
  render(
    <Launcher open={false} unread={0} windowId="w" onToggle={() => {}} buttonRef={{ current: null }} />,
    fromComponent,
  );
  const button = fromComponent.firstElementChild as Element;
  // The component points at its window, which does not exist yet in the first frame.
  button.removeAttribute('aria-controls');
  const painted = document.createElement('div');
  painted.innerHTML = LAUNCHER_HTML;
  expect(canonical(painted.firstElementChild as Element)).toBe(canonical(button));
});

test("paints the launcher in the owner's colours with the stylesheet, and reports a press", () => {
  const host = document.createElement('div');
  document.body.append(host);
  const shadow = host.attachShadow({ mode: 'open' });
  let pressed = 0;
  const root = paintLauncher(
    shadow,
    { accentColor: '#2f5d50', backgroundColor: '#ffffff', messageColor: '#eef4f1' },
    100,
    () => {
      pressed++;
    },
  );
  expect(root.hasAttribute(BOOT_ATTR)).toBe(true);
  expect(root.className).toBe('root floating');
  expect(root.style.getPropertyValue('--accent')).toBe('#2f5d50');
  // White text on the dark accent, as spec §3 derives it.
  expect(root.style.getPropertyValue('--on-accent')).toBe('#ffffff');
  expect(root.style.getPropertyValue('--bottom')).toBe('100px');
  expect(shadow.querySelector('style')?.textContent).toContain('.launcher');
  const button = shadow.querySelector<HTMLButtonElement>('button.launcher');
  expect(button?.getAttribute('aria-label')).toBe('Открыть чат');
  button?.click();
  expect(pressed).toBe(1);
  host.remove();
});
