import { lazy, type ReactNode, Suspense } from 'react';
import { PageLoader } from '../page-loader/page-loader';

/** Ant Design's theme, language and App context, fetched only where a part of a screen still uses it. */
const LazyAntdProvider = lazy(() => import('./antd-provider').then((m) => ({ default: m.AntdProvider })));

/**
 * Wraps what still uses Ant Design (an admin page, a dialog opened from a plain page) in its theme,
 * language and App context. The provider and Ant Design's core come with the first scope on screen,
 * so a screen built from our own components downloads none of it. `fallback` is shown meanwhile
 * (the page loader by default; `null` for a dialog opening over a page).
 */
export function AntdScope({ children, fallback }: { children: ReactNode; fallback?: ReactNode }) {
  return (
    <Suspense fallback={fallback === undefined ? <PageLoader /> : fallback}>
      <LazyAntdProvider>{children}</LazyAntdProvider>
    </Suspense>
  );
}
