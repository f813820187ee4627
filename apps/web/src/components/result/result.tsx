import type { HTMLAttributes, ReactNode } from 'react';
import { Icon } from '../icon/icon';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  FileSearchOutlined,
  type IconDrawing,
  InfoCircleFilled,
  StopOutlined,
} from '../icon/icon-paths';
import './result.css';

export type ResultStatus = 'success' | 'error' | 'info' | 'warning' | '403' | '404' | '500';

/** One small icon per status; 403, 404 and 500 too (Ant Design drew ~33 KB of illustrations for them). */
const ICONS: Record<ResultStatus, IconDrawing> = {
  success: CheckCircleFilled,
  error: CloseCircleFilled,
  info: InfoCircleFilled,
  warning: ExclamationCircleFilled,
  '403': StopOutlined,
  '404': FileSearchOutlined,
  '500': CloseCircleFilled,
};

export interface ResultProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  status?: ResultStatus;
  /** Replaces the status's icon. */
  icon?: ReactNode;
  title?: ReactNode;
  subTitle?: ReactNode;
  /** Actions under the texts, side by side and wrapping. */
  extra?: ReactNode;
}

/** What Ant Design's Result leaves out: nothing, `false`, an empty text or list. */
function shown(node: ReactNode) {
  return (
    node !== undefined &&
    node !== null &&
    node !== false &&
    node !== '' &&
    !(Array.isArray(node) && node.length === 0)
  );
}

/**
 * A centred status block (icon, title, subtitle, actions, then any content), drawn like Ant Design's
 * Result without its chunk or its illustrations. The icon is decorative: the title says it.
 */
export function Result({
  status = 'info',
  icon,
  title,
  subTitle,
  extra,
  children,
  className,
  ...rest
}: ResultProps) {
  return (
    <div {...rest} className={`ov-result ov-result--${status}${className ? ` ${className}` : ''}`}>
      <div className="ov-result__icon" aria-hidden="true">
        {shown(icon) ? icon : <Icon drawing={ICONS[status]} />}
      </div>
      {shown(title) ? <div className="ov-result__title">{title}</div> : null}
      {shown(subTitle) ? <div className="ov-result__subtitle">{subTitle}</div> : null}
      {shown(extra) ? <div className="ov-result__extra">{extra}</div> : null}
      {shown(children) ? <div className="ov-result__body">{children}</div> : null}
    </div>
  );
}
