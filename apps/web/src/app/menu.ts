import { type AccessContext, canAccess } from '../lib/access';
import {
  type IconKey,
  linkOf,
  MENU_PARENTS,
  type MenuGroup,
  type MenuParent,
  PRIVATE_ROUTES,
} from './route-table';

export interface MenuNode {
  key: string;
  labelKey: string;
  icon: IconKey;
  /** Link target of a leaf entry. */
  to?: string;
  children?: MenuNode[];
}

export type MenuTree = Record<MenuGroup, MenuNode[]>;

/** The side menu a user may see, in route-table order; empty parents and groups disappear. */
export function buildMenu(context: AccessContext): MenuTree {
  const tree: MenuTree = { customer: [], admin: [] };
  const parents = new Map<string, MenuNode>();
  for (const route of PRIVATE_ROUTES) {
    for (const placement of route.menu ?? []) {
      if (!canAccess(placement.access ?? route.access, context)) continue;
      const leaf: MenuNode = {
        key: placement.key,
        labelKey: placement.labelKey ?? route.labelKey,
        icon: placement.icon,
        to: linkOf(route),
      };
      if (!placement.parent) {
        tree[placement.group].push(leaf);
        continue;
      }
      const parentKey = `${placement.group}:${placement.parent}`;
      let parent = parents.get(parentKey);
      if (!parent) {
        const meta = MENU_PARENTS[placement.parent as MenuParent];
        parent = { key: placement.parent, labelKey: meta.labelKey, icon: meta.icon, children: [] };
        parents.set(parentKey, parent);
        tree[placement.group].push(parent);
      }
      parent.children?.push(leaf);
    }
  }
  return tree;
}

/** Keys of the menu entries matching a location (longest link wins), for highlighting. */
export function selectedMenuKeys(tree: MenuTree, pathname: string): { selected: string[]; open: string[] } {
  let best: { key: string; parent?: string; length: number } | null = null;
  const visit = (nodes: MenuNode[], parent?: string) => {
    for (const node of nodes) {
      if (node.children) visit(node.children, node.key);
      if (!node.to) continue;
      const matches =
        node.to === '/' ? pathname === '/' : pathname === node.to || pathname.startsWith(`${node.to}/`);
      if (matches && (!best || node.to.length > best.length))
        best = { key: node.key, parent, length: node.to.length };
    }
  };
  visit([...tree.customer, ...tree.admin]);
  const found = best as { key: string; parent?: string; length: number } | null;
  if (!found) return { selected: [], open: [] };
  return { selected: [found.key], open: found.parent ? [found.parent] : [] };
}
