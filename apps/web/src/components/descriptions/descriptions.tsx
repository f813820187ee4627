import type { CSSProperties, HTMLAttributes, Key, ReactNode } from 'react';
import './descriptions.css';

/** Ant Design's breakpoints (min widths 0, 576, 768, 992, 1200, 1600 px), smallest first. */
const BREAKPOINTS = ['xs', 'sm', 'md', 'lg', 'xl', 'xxl'] as const;
export type DescriptionsBreakpoint = (typeof BREAKPOINTS)[number];

/** Pairs per row: one figure, or one per breakpoint (a breakpoint left out takes the next smaller one's). */
export type DescriptionsColumn = number | Partial<Record<DescriptionsBreakpoint, number>>;

export interface DescriptionsItemType {
  key?: Key;
  label: ReactNode;
  children?: ReactNode;
}

export interface DescriptionsProps extends HTMLAttributes<HTMLDListElement> {
  items?: readonly DescriptionsItemType[];
  /** Pairs per row of the plain list (1 on phones unless told); a bordered list has one pair per row. */
  column?: DescriptionsColumn;
  /** Label and value in cells of a bordered table-like block, the label on a tinted background. */
  bordered?: boolean;
  size?: 'default' | 'middle' | 'small';
}

/** The CSS variables `--ov-desc-{breakpoint}` the stylesheet picks from with its media queries. */
function columnVariables(column: DescriptionsColumn): CSSProperties {
  const variables: Record<string, number> = {};
  let current = 1;
  for (const breakpoint of BREAKPOINTS) {
    const value = typeof column === 'number' ? column : column[breakpoint];
    if (value !== undefined) current = Math.max(1, Math.floor(value));
    variables[`--ov-desc-${breakpoint}`] = current;
  }
  return variables as CSSProperties;
}

/** One label (`<dt>`) and its value (`<dd>`), grouped in a `<div>` as HTML allows inside a `<dl>`. */
function DescriptionsItem({ label, children }: { label: ReactNode; children?: ReactNode }) {
  return (
    <div className="ov-desc__item">
      <dt className="ov-desc__label">{label}</dt>
      <dd className="ov-desc__content">{children}</dd>
    </div>
  );
}

/**
 * A list of labels and values (a `<dl>`) in the look of Ant Design's Descriptions: plain (label and
 * colon, then the value, in `column` columns that follow the screen's width) or `bordered` (one pair
 * per row, the label in a tinted cell). Items come as `items` or as `<Descriptions.Item>` children.
 */
export function Descriptions({
  items,
  column = 1,
  bordered = false,
  size = 'default',
  className,
  style,
  children,
  ...rest
}: DescriptionsProps) {
  const classes = ['ov-desc', `ov-desc--${size}`, bordered ? 'ov-desc--bordered' : null, className]
    .filter(Boolean)
    .join(' ');
  return (
    <dl {...rest} className={classes} style={{ ...columnVariables(column), ...style }}>
      {items?.map((item, index) => (
        <DescriptionsItem key={item.key ?? index} label={item.label}>
          {item.children}
        </DescriptionsItem>
      ))}
      {children}
    </dl>
  );
}

Descriptions.Item = DescriptionsItem;
