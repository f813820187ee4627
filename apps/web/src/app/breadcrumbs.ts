import { linkOf, PRIVATE_ROUTES, SECTION_LABELS } from './route-table';

export interface Crumb {
  path: string;
  labelKey: string;
  /** Shown verbatim instead of a translation (e.g. a record id). */
  text?: string;
}

const SUBPAGE_LABELS: Record<string, string> = {
  create: 'common.create',
  edit: 'common.edit',
  personal: 'breadcrumb.personal',
};

const PAGE_LABELS = new Map(PRIVATE_ROUTES.map((route) => [linkOf(route), route.labelKey]));

/** Short keys (codes, numbers) read well in a breadcrumb; long ones (UUIDs) show as "Detail". */
function shortId(id: string): string | undefined {
  return id.length <= 12 ? id : undefined;
}

/** Breadcrumbs built from the path: Home, then every prefix that is a section, a page, or a record. */
export function buildBreadcrumbs(pathname: string): Crumb[] {
  const crumbs: Crumb[] = [{ path: '/', labelKey: 'breadcrumb.home' }];
  const segments = pathname.split('/').filter(Boolean);
  let prefix = '';
  let insidePage = false;
  for (const segment of segments) {
    prefix = `${prefix}/${segment}`;
    const label = PAGE_LABELS.get(prefix) ?? SECTION_LABELS[prefix];
    if (label && !insidePage) {
      crumbs.push({ path: prefix, labelKey: label });
      if (PAGE_LABELS.has(prefix)) insidePage = true;
      continue;
    }
    if (!insidePage) continue;
    const subLabel = SUBPAGE_LABELS[segment];
    crumbs.push(
      subLabel
        ? { path: prefix, labelKey: subLabel }
        : { path: prefix, labelKey: 'breadcrumb.detail', text: shortId(decodeURIComponent(segment)) },
    );
  }
  return crumbs;
}
