import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { buildMenu, type MenuNode, selectedMenuKeys } from '../menu';
import { MENU_ICONS } from './menu-icons';

type MenuItem = Required<MenuProps>['items'][number];

interface SideMenuProps {
  collapsed?: boolean;
  onNavigate?: () => void;
}

/** The permission-gated side menu (spec §6), built from the route table. */
export function SideMenu({ collapsed = false, onNavigate }: SideMenuProps) {
  const { t } = useTranslation();
  const { access } = useCurrentUser();
  const { pathname } = useLocation();
  const tree = useMemo(() => buildMenu(access), [access]);
  const { selected, open } = selectedMenuKeys(tree, pathname);

  const toItem = (node: MenuNode): MenuItem =>
    node.children
      ? {
          key: node.key,
          icon: MENU_ICONS[node.icon],
          label: t(node.labelKey),
          children: node.children.map(toItem),
        }
      : {
          key: node.key,
          icon: MENU_ICONS[node.icon],
          label: (
            <Link to={node.to ?? '/'} onClick={onNavigate}>
              {t(node.labelKey)}
            </Link>
          ),
        };

  const items: MenuItem[] = [];
  const groups = [
    { key: 'customer', labelKey: 'menu.groups.customer', nodes: tree.customer },
    { key: 'admin', labelKey: 'menu.groups.admin', nodes: tree.admin },
  ].filter((group) => group.nodes.length > 0);
  for (const group of groups) {
    if (collapsed) {
      if (items.length > 0) items.push({ type: 'divider', key: `${group.key}-divider` });
      items.push(...group.nodes.map(toItem));
    } else {
      items.push({
        type: 'group',
        key: group.key,
        label: t(group.labelKey),
        children: group.nodes.map(toItem),
      });
    }
  }

  return (
    <Menu
      theme="dark"
      mode="inline"
      items={items}
      selectedKeys={selected}
      defaultOpenKeys={collapsed ? [] : open}
      key={collapsed ? 'collapsed' : open.join()}
      className="ov-shell__menu"
      data-testid="side-menu"
    />
  );
}
