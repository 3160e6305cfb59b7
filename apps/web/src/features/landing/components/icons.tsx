import { Icon } from '@/shared/ui/icon';

/** Line icons of the landing, drawn for it (24 × 24, currentColor). */
const paths = {
  palette:
    'M12 3a9 9 0 1 0 0 18c1.1 0 1.5-.8 1.5-1.5 0-.4-.2-.8-.4-1.1-.3-.3-.4-.7-.4-1.1 0-.8.7-1.5 1.5-1.5H16a5 5 0 0 0 5-5c0-4.1-4-7.8-9-7.8ZM7.5 12a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Zm3-4a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Zm5 0a1.5 1.5 0 1 1 0-3 1.5 1.5 0 0 1 0 3Z',
  book: 'M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5v-15Zm0 15A2.5 2.5 0 0 1 6.5 18H20v3H6.5A2.5 2.5 0 0 1 4 20.5ZM8 7h8M8 11h6',
  code: 'm8 8-4 4 4 4m8-8 4 4-4 4M14 5l-4 14',
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Zm10 3a3 3 0 1 0 0-6 3 3 0 0 0 0 6Z',
  check: 'm5 12.5 4.5 4.5L19 7.5',
  spark: 'M12 3v4m0 10v4M3 12h4m10 0h4M6 6l2.5 2.5m7 7L18 18M6 18l2.5-2.5m7-7L18 6',
  bell: 'M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2Zm4 4h4',
  chart: 'M4 20V10m6 10V4m6 16v-7m4 7H2',
  send: 'M4 12 20 4l-4 16-4-6-8-2Zm8 2 8-10',
} as const;

export type IconName = keyof typeof paths;

/** A landing glyph by name, on the shared Icon base. */
export function LandingIcon({ name, size = 24 }: { name: IconName; size?: number }) {
  return (
    <Icon size={size}>
      <path d={paths[name]} />
    </Icon>
  );
}
