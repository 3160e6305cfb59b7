/** Icons of the integration step (24 px grid, stroke in currentColor). */
interface IconProps {
  size?: number;
}

const svg = (size: number, children: React.ReactNode) => (
  <svg
    width={size}
    height={size}
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {children}
  </svg>
);

export const CopyIcon = ({ size = 16 }: IconProps) =>
  svg(
    size,
    <>
      <rect x="9" y="9" width="12" height="12" rx="2" />
      <path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1" />
    </>,
  );

export const CheckIcon = ({ size = 16 }: IconProps) => svg(size, <path d="m5 12.5 4.5 4.5L19 7.5" />);

export const CodeIcon = ({ size = 16 }: IconProps) => svg(size, <path d="m8 6-6 6 6 6M16 6l6 6-6 6" />);

export const MailIcon = ({ size = 16 }: IconProps) =>
  svg(
    size,
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m4 7 8 6 8-6" />
    </>,
  );

export const ShieldCheckIcon = ({ size = 18 }: IconProps) =>
  svg(
    size,
    <>
      <path d="M12 3 5 6v5c0 4.5 3 8.3 7 10 4-1.7 7-5.5 7-10V6l-7-3Z" />
      <path d="m9 12 2 2 4-4" />
    </>,
  );
