import './i18n';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation } from 'react-router';
import type { RouteEntry } from '../../app/route-types';
import './a11y.css';

export const MAIN_ID = 'ov-main';

/** The route entry a path belongs to (the first match of the table, as the router picks). */
function routeOf(routes: readonly RouteEntry[], pathname: string): RouteEntry | undefined {
  return routes.find((route) => matchPath({ path: route.path, end: true }, pathname));
}

/** How many areas (public, signed in) have shown their first page in this document. */
let areasShown = 0;

/** Focuses the page's main heading (made focusable for it); false while the page has not drawn it. */
function focusHeading(): boolean {
  const main = document.getElementById(MAIN_ID);
  const heading = main?.querySelector<HTMLElement>('h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
  return true;
}

/**
 * Names the tab after the page in the interface language and, when the page changes, moves focus to
 * the new page's main heading (screen readers read it, Tab continues from there). A change inside the
 * same page (its side dialog's path, a query) leaves focus alone.
 */
export function usePageAnnouncer(routes: readonly RouteEntry[]) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const route = routeOf(routes, pathname);
  const routeKey = route?.key ?? 'notFound';
  const labelKey = route?.titleKey ?? route?.labelKey;
  const previous = useRef<string | null>(null);
  // A feature's strings arrive with its page: the title is written again then (never the raw key).
  const [bundles, setBundles] = useState(0);
  useEffect(() => {
    const added = () => setBundles((count) => count + 1);
    i18n.store.on('added', added);
    return () => i18n.store.off('added', added);
  }, [i18n]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the title follows the language and new strings too
  useEffect(() => {
    const brand = t('brand.name');
    const page = labelKey && routeKey !== 'landing' && i18n.exists(labelKey) ? t(labelKey) : '';
    document.title = page && page !== brand ? `${page} · ${brand}` : `${brand} · ${t('brand.utility')}`;
  }, [labelKey, routeKey, i18n.language, t, bundles]);

  useEffect(() => {
    const first = previous.current === null;
    const changed = previous.current !== routeKey;
    previous.current = routeKey;
    // The document's first page keeps the browser's focus; a page that replaces another, within an
    // area or from the other area (signing in or out swaps the public for the signed-in area, whose
    // announcer then starts afresh), takes it: the control that had it has left the page.
    const arrived = first && areasShown > 0;
    if (first) areasShown += 1;
    if ((first && !arrived) || !changed) return;
    // The page is a lazy chunk: wait for its heading (at most a few seconds), then focus it.
    if (focusHeading()) return;
    const main = document.getElementById(MAIN_ID) ?? document.body;
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = setTimeout(() => stop(), 5000);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [routeKey]);
}

/** "Skip to content": the first stop of Tab on every page, visible once focused. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className="ov-skip-link"
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        event.preventDefault();
        if (focusHeading()) return;
        const main = document.getElementById(MAIN_ID);
        if (!main) return;
        main.setAttribute('tabindex', '-1');
        main.focus();
      }}
    >
      {t('a11y.skipToContent')}
    </a>
  );
}
