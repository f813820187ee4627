import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './ui.css';

type Width = number | string;

export interface SkeletonProps {
  /** Shimmers. */
  active?: boolean;
  /** False: the children are shown instead. */
  loading?: boolean;
  /** A heading bar (true unless `false`). */
  title?: boolean | { width?: Width };
  /** Text lines: 3 unless told; `false` for none. */
  paragraph?: boolean | { rows?: number; width?: Width | Width[] };
  /** A round placeholder before the lines. */
  avatar?: boolean;
  className?: string;
  style?: CSSProperties;
  children?: ReactNode;
}

function css(width: Width | undefined): string | undefined {
  return typeof width === 'number' ? `${width}px` : width;
}

/**
 * Grey bars where content will be, like Ant Design's Skeleton. The bars are hidden from assistive
 * technology; the block is `aria-busy` and says "Cargando…" once, in hidden text.
 */
export function Skeleton({
  active,
  loading = true,
  title = true,
  paragraph = true,
  avatar,
  className,
  style,
  children,
}: SkeletonProps) {
  const { t } = useTranslation();
  if (!loading) return <>{children}</>;
  const rows = paragraph === false ? 0 : ((typeof paragraph === 'object' ? paragraph.rows : undefined) ?? 3);
  const widths = typeof paragraph === 'object' ? paragraph.width : undefined;
  const rowWidth = (index: number) =>
    Array.isArray(widths) ? css(widths[index]) : index === rows - 1 ? (css(widths) ?? '61%') : undefined;
  return (
    <div
      className={`ov-skeleton${active ? ' ov-skeleton--active' : ''}${avatar ? ' ov-skeleton--with-avatar' : ''}${className ? ` ${className}` : ''}`}
      style={style}
      aria-busy="true"
    >
      <span className="ov-visually-hidden">{t('common.loading')}</span>
      {avatar ? <span className="ov-skeleton__avatar ov-skeleton__bar" aria-hidden="true" /> : null}
      <div className="ov-skeleton__content" aria-hidden="true">
        {title ? (
          <div
            className="ov-skeleton__title ov-skeleton__bar"
            style={{ width: (typeof title === 'object' && css(title.width)) || undefined }}
          />
        ) : null}
        {rows > 0 ? (
          <ul className="ov-skeleton__paragraph">
            {Array.from({ length: rows }, (_, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholder lines have no identity
              <li key={index} className="ov-skeleton__bar" style={{ width: rowWidth(index) }} />
            ))}
          </ul>
        ) : null}
      </div>
    </div>
  );
}

interface ShapeProps extends HTMLAttributes<HTMLDivElement> {
  active?: boolean;
}

function shape(kind: string, { active, className, children, ...rest }: ShapeProps, extra = '') {
  return (
    <div
      {...rest}
      className={`ov-skeleton ov-skeleton--${kind}${active ? ' ov-skeleton--active' : ''}${extra}${className ? ` ${className}` : ''}`}
      aria-hidden="true"
    >
      <div className="ov-skeleton__bar ov-skeleton__shape">{children}</div>
    </div>
  );
}

/** A grey block sized by its class or style (a chart's place). */
Skeleton.Node = (props: ShapeProps) => shape('node', props);
/** A grey block with a picture glyph (an image's place). */
Skeleton.Image = (props: ShapeProps) => shape('image', props);
/** A grey input-sized bar. */
Skeleton.Input = ({
  size,
  block,
  ...props
}: ShapeProps & { size?: 'small' | 'default' | 'large'; block?: boolean }) =>
  shape(
    'input',
    props,
    `${size && size !== 'default' ? ` ov-skeleton--${size}` : ''}${block ? ' ov-skeleton--block' : ''}`,
  );
