import type { CSSProperties, HTMLAttributes } from 'react';
import './ui.css';

type Size = 'small' | 'middle' | 'large' | number;
const GAPS = { small: 8, middle: 16, large: 24 } as const;

export interface SpaceProps extends HTMLAttributes<HTMLDivElement> {
  /** Gap: small 8 px (default), middle 16, large 24, or pixels; `[horizontal, vertical]` too. */
  size?: Size | [Size, Size];
  /** Ant Design 6's `orientation`; `direction` is the older name. */
  direction?: 'horizontal' | 'vertical';
  orientation?: 'horizontal' | 'vertical';
  align?: 'start' | 'end' | 'center' | 'baseline';
  wrap?: boolean;
}

const px = (size: Size) => (typeof size === 'number' ? size : GAPS[size]);

/** Children side by side (or stacked) with even gaps: a flex `div`, no wrapper around each child. */
export function Space({
  size = 'small',
  direction,
  orientation,
  align,
  wrap,
  className,
  style,
  ...rest
}: SpaceProps) {
  const vertical = (orientation ?? direction) === 'vertical';
  const [column, row] = Array.isArray(size) ? size : [size, size];
  const gaps: CSSProperties = { columnGap: px(column), rowGap: px(row) };
  const classes = [
    'ov-space',
    vertical ? 'ov-space--vertical' : '',
    align ? `ov-space--align-${align}` : '',
    wrap ? 'ov-space--wrap' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return <div {...rest} className={classes} style={{ ...gaps, ...style }} />;
}

/** Controls joined into one (shared borders, outer corners rounded). */
Space.Compact = function Compact({
  className,
  block,
  ...rest
}: HTMLAttributes<HTMLDivElement> & { block?: boolean }) {
  return (
    <div
      {...rest}
      className={`ov-space-compact${block ? ' ov-space-compact--block' : ''}${className ? ` ${className}` : ''}`}
    />
  );
};
