import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { buildMenu, type MenuNode, selectedMenuKeys } from '../menu';
import { MenuGroupItem } from './menu-group';
import { MenuLink } from './menu-link';

interface SideMenuProps {
  collapsed?: boolean;
  onNavigate?: () => void;
}

/**
 * The permission-gated side menu (spec §6), built from the route table: lists of links, the current
 * page marked, entries with pages under them as disclosure buttons (open when they hold the current
 * page; beside the collapsed side bar, on demand). Collapsed, each entry is its icon, named and titled.
 */
export function SideMenu({ collapsed = false, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const { access } = useCurrentUser();
  const { pathname } = useLocation();
  const tree = useMemo(() => buildMenu(access), [access]);
  const { selected, open } = selectedMenuKeys(tree, pathname);
  const current = selected[0];
  const groups = [
    { key: 'customer', labelKey: 'menu.groups.customer', nodes: tree.customer },
    { key: 'admin', labelKey: 'menu.groups.admin', nodes: tree.admin },
  ].filter((group) => group.nodes.length > 0);

  const entry = (node: MenuNode) =>
    node.children ? (
      <MenuGroupItem
        key={node.key}
        node={node}
        current={current}
        collapsed={collapsed}
        defaultOpen={!collapsed && open.includes(node.key)}
        onNavigate={onNavigate}
      />
    ) : (
      <MenuLink
        key={node.key}
        node={node}
        current={node.key === current}
        collapsed={collapsed}
        onNavigate={onNavigate}
      />
    );

  return (
    <nav
      className={`ov-side-menu${collapsed ? ' ov-side-menu--collapsed' : ''}`}
      aria-label={t('shell.navigation')}
      data-testid="side-menu"
      // A page in another entry opens that entry (and closes the others), as the menu did.
      key={collapsed ? 'collapsed' : open.join()}
    >
      {groups.map((group, index) => (
        <Fragment key={group.key}>
          {collapsed ? (
            index > 0 ? (
              <hr className="ov-side-menu__divider" />
            ) : null
          ) : (
            <div className="ov-side-menu__group-title" id={`ov-side-menu-${group.key}`}>
              {t(group.labelKey)}
            </div>
          )}
          <ul
            className="ov-side-menu__list"
            aria-labelledby={collapsed ? undefined : `ov-side-menu-${group.key}`}
            aria-label={collapsed ? t(group.labelKey) : undefined}
          >
            {group.nodes.map(entry)}
          </ul>
        </Fragment>
      ))}
    </nav>
  );
}
