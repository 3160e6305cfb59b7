import type { SVGProps } from 'react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'title'> & {
  /** Width and height in px. */
  size?: number;
  /**
   * What the icon means when nothing else says it: the icon becomes an image with this name.
   * Without it the icon is decoration, hidden from assistive technology (the usual case: the
   * button or text beside it carries the meaning).
   */
  title?: string;
};

/**
 * The base of every icon in the app: a line drawing on a 24 × 24 grid, stroked in currentColor
 * (1.8 px unless `strokeWidth` says otherwise), never a focus stop. Glyphs pass their shapes
 * as children; any SVG attribute can be overridden.
 */
export function Icon({ size = 20, title, strokeWidth = 1.8, children, ...rest }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      {...rest}
    >
      {title ? <title>{title}</title> : null}
      {children}
    </svg>
  );
}
