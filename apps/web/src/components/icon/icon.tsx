import type { CSSProperties } from 'react';
import type { IconDrawing } from './icon-paths';
import './icon.css';

/**
 * An icon drawn from its paths (`icon-paths.ts`), the size of the text around it, in its colour, as
 * Ant Design's icons are: decorative (hidden from screen readers; the control around it has the name).
 */
export function Icon({
  drawing,
  className,
  style,
}: {
  drawing: IconDrawing;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <span className={className ? `ov-icon ${className}` : 'ov-icon'} style={style} aria-hidden="true">
      <svg
        viewBox={drawing.viewBox}
        width="1em"
        height="1em"
        fill="currentColor"
        focusable="false"
        aria-hidden="true"
      >
        {drawing.paths.map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    </span>
  );
}
