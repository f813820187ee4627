import type { ComponentType } from 'react';
import type { Access } from '../lib/access';
import type { EarlyCall } from '../lib/early-calls';
import type { PagePrefetch } from '../lib/page-prefetch';

export type { PagePrefetch };

/**
 * A route's page; `preload` fetches its chunk ahead of rendering (a lazy page, app/lazy-page.ts), and
 * `prefetch`, once the chunk is in, its first reads.
 */
export type RoutePage = ComponentType & { preload?: () => Promise<unknown>; prefetch?: PagePrefetch };

/** Names of menu icons; the shell maps them to icon components so this table stays icon-free (light). */
export type IconKey =
  | 'dashboard'
  | 'clientCodes'
  | 'payments'
  | 'paymentRecord'
  | 'contractRequests'
  | 'security'
  | 'users'
  | 'permissions'
  | 'traces'
  | 'securityLog'
  | 'settings'
  | 'nomenclators'
  | 'commercialOffices'
  | 'municipalities'
  | 'faqs';

export type MenuGroup = 'customer' | 'admin';
export type MenuParent = 'contractRequests' | 'security' | 'nomenclators';

export interface MenuPlacement {
  key: string;
  group: MenuGroup;
  parent?: MenuParent;
  icon: IconKey;
  /** Menu label when it differs from the page's. */
  labelKey?: string;
  /** Who sees this entry; defaults to the route's access. */
  access?: Access | readonly Access[];
}

export interface RouteEntry {
  key: string;
  /** react-router pattern relative to the base path; list pages end in `/*` for their side dialog. */
  path: string;
  zone: 'public' | 'private';
  /** i18n key of the menu label, the breadcrumb and the page title. */
  labelKey: string;
  /**
   * i18n key of the tab's title when the page is not its label's (a page reached from a link in an
   * e-mail): may be the feature's own, the title follows once the feature's strings arrive.
   */
  titleKey?: string;
  /** The page; absent means a later issue delivers it and an honest "coming soon" page is shown. */
  page?: RoutePage;
  /**
   * The reads its page makes on its first render, asked for from the entry on a signed-in visit that
   * opens this route (app/early-load.ts): bodies exactly as the page's calls send them.
   */
  early?: (
    params: Readonly<Record<string, string | undefined>>,
    search: URLSearchParams,
  ) => readonly EarlyCall[];
  access?: Access | readonly Access[];
  menu?: readonly MenuPlacement[];
  /**
   * The page uses no Ant Design; it is not wrapped in AntdScope (components/antd/antd-scope.tsx), so opening it
   * downloads none of Ant Design's chunks. A page that still renders an Ant Design component (or
   * calls `App.useApp()`) must leave this out.
   */
  plain?: boolean;
}

export const MENU_PARENTS: Record<MenuParent, { labelKey: string; icon: IconKey }> = {
  contractRequests: { labelKey: 'menu.contractRequests', icon: 'contractRequests' },
  security: { labelKey: 'menu.security', icon: 'security' },
  nomenclators: { labelKey: 'menu.nomenclators', icon: 'nomenclators' },
};

/** Labels of path prefixes that are sections, not pages (used by breadcrumbs). */
export const SECTION_LABELS: Record<string, string> = {
  '/admin': 'breadcrumb.admin',
  '/payments': 'menu.payments',
  '/contractrequest': 'menu.contractRequests',
  '/nomenclators': 'menu.nomenclators',
  '/faqs': 'menu.faqs',
  '/profile': 'menu.profile',
};

/** Where a menu entry links to: the route path without its `/*` or optional parameters. */
export function linkOf(route: RouteEntry): string {
  return route.path.replace(/\/\*$/, '').replace(/\/:[^/]+\?$/, '');
}
