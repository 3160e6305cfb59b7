/**
 * Copies text to the clipboard. The Clipboard API exists only in secure contexts (https or
 * localhost); a cabinet opened over plain http falls back to a selected textarea and the
 * legacy copy command, which every browser still supports for a user gesture.
 */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('copy command refused');
  } finally {
    area.remove();
  }
}
