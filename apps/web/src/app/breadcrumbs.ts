import { linkOf, PRIVATE_ROUTES, SECTION_LABELS } from './route-table';

export interface Crumb {
  path: string;
  labelKey: string;
  /** Shown verbatim instead of a translation (e.g. a record id). */
  text?: string;
  /** False for a section that is not a page of its own: shown as plain text, never a link. */
  link: boolean;
}

const SUBPAGE_LABELS: Record<string, string> = {
  create: 'common.create',
  edit: 'common.edit',
  personal: 'breadcrumb.personal',
  // A code's "Solicitar convenio" (the page's feature brings the words).
  agreement: 'contractRequests.agreement.pageTitle',
};

const PAGE_LABELS = new Map(PRIVATE_ROUTES.map((route) => [linkOf(route), route.labelKey]));

/** Short keys (codes, numbers) read well in a breadcrumb; long ones (UUIDs) show as "Detail". */
function shortId(id: string): string | undefined {
  return id.length <= 12 ? id : undefined;
}

/**
 * Breadcrumbs built from the path: Home, then every prefix that is a section, a page, or a record.
 * A section named as the page inside it ("Pagos / Pagos") is left out; sections link nowhere.
 */
export function buildBreadcrumbs(pathname: string): Crumb[] {
  const crumbs: Crumb[] = [{ path: '/', labelKey: 'breadcrumb.home', link: true }];
  const segments = pathname.split('/').filter(Boolean);
  let prefix = '';
  let insidePage = false;
  for (const segment of segments) {
    prefix = `${prefix}/${segment}`;
    const pageLabel = PAGE_LABELS.get(prefix);
    if (pageLabel) {
      // A page under a page (FAQ › Configuration) is a page too, not a record.
      const previous = crumbs.at(-1);
      if (previous && !previous.link && previous.labelKey === pageLabel) crumbs.pop();
      crumbs.push({ path: prefix, labelKey: pageLabel, link: true });
      insidePage = true;
      continue;
    }
    const sectionLabel = SECTION_LABELS[prefix];
    if (sectionLabel && !insidePage) {
      crumbs.push({ path: prefix, labelKey: sectionLabel, link: false });
      continue;
    }
    if (!insidePage) continue;
    const subLabel = SUBPAGE_LABELS[segment];
    crumbs.push(
      subLabel
        ? { path: prefix, labelKey: subLabel, link: true }
        : {
            path: prefix,
            labelKey: 'breadcrumb.detail',
            text: shortId(decodeURIComponent(segment)),
            link: true,
          },
    );
  }
  return crumbs;
}
