import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MenuNode } from '../menu';
import { MENU_ICONS } from './menu-icons';

interface MenuLinkProps {
  node: MenuNode;
  current: boolean;
  /** Icon only: the label is read, not drawn, and shown as the link's title. */
  collapsed?: boolean;
  /** Under an entry, indented one step. */
  nested?: boolean;
  onNavigate?: () => void;
}

/** One page of the side menu. */
export function MenuLink({ node, current, collapsed = false, nested = false, onNavigate }: MenuLinkProps) {
  const { t } = useTranslation();
  const label = t(node.labelKey);
  return (
    <li>
      <Link
        to={node.to ?? '/'}
        className={`ov-side-menu__item${nested ? ' ov-side-menu__item--nested' : ''}`}
        aria-current={current ? 'page' : undefined}
        title={collapsed ? label : undefined}
        onClick={onNavigate}
      >
        <span className="ov-side-menu__icon" aria-hidden="true">
          {MENU_ICONS[node.icon]}
        </span>
        <span className={collapsed ? 'ov-visually-hidden' : 'ov-side-menu__label'}>{label}</span>
      </Link>
    </li>
  );
}
