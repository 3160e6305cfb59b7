/** @jsxImportSource preact */
import { useState } from 'preact/hooks';

/**
 * The bot's picture, or its initial on the accent colour when there is none or it fails to load.
 * Give it `key={url}` so a new picture gets a fresh chance to load.
 */
export function Avatar({ url, name, size }: { url: string | null; name: string; size: 'lg' | 'sm' }) {
  const [broken, setBroken] = useState(false);
  const cls = `avatar avatar-${size}`;
  if (url && !broken) return <img class={cls} src={url} alt="" onError={() => setBroken(true)} />;
  return (
    <span class={`${cls} avatar-letter`} aria-hidden="true">
      {(name.trim()[0] ?? '•').toUpperCase()}
    </span>
  );
}
