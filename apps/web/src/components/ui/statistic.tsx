import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import './ui.css';

export interface StatisticProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title' | 'prefix'> {
  title?: ReactNode;
  /** A number is written with `,` between thousands and `precision` decimals; a string as given. */
  value?: number | string;
  precision?: number;
  prefix?: ReactNode;
  suffix?: ReactNode;
  /** Writes the value yourself. */
  formatter?: (value: number | string | undefined) => ReactNode;
  valueStyle?: CSSProperties;
}

function format(value: number | string | undefined, precision?: number): string {
  if (typeof value !== 'number') return value ?? '';
  const [whole = '', decimals] = (precision === undefined ? String(value) : value.toFixed(precision)).split(
    '.',
  );
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return decimals === undefined ? grouped : `${grouped}.${decimals}`;
}

/** A label over a big figure, like Ant Design's Statistic. */
export function Statistic({
  title,
  value,
  precision,
  prefix,
  suffix,
  formatter,
  valueStyle,
  className,
  ...rest
}: StatisticProps) {
  return (
    <div {...rest} className={`ov-statistic${className ? ` ${className}` : ''}`}>
      {title ? <div className="ov-statistic__title">{title}</div> : null}
      <div className="ov-statistic__content" style={valueStyle}>
        {prefix ? <span className="ov-statistic__prefix">{prefix}</span> : null}
        <span className="ov-statistic__value">{formatter ? formatter(value) : format(value, precision)}</span>
        {suffix ? <span className="ov-statistic__suffix">{suffix}</span> : null}
      </div>
    </div>
  );
}
