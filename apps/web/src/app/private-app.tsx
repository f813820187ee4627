import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { AntdScope } from '../components/antd/antd-scope';
import { ComingSoon } from '../components/coming-soon/coming-soon';
import { PageLoader } from '../components/page-loader/page-loader';
import { Result } from '../components/result/result';
import { configQuery, useFeatures } from '../features/auth/api/get-config';
import { meQuery, useMe } from '../features/auth/api/get-me';
import { accessContextOf, canAccess } from '../lib/access';
import { CurrentUserContext, useCurrentUser } from '../lib/current-user';
import { errorText } from '../lib/error-text';
import { getSession } from '../lib/session';
import { PATHS } from '../lib/urls';
import { NotifierBridge } from './notifier-bridge';
import { createQueryClient } from './query-client';
import { PRIVATE_ROUTES, type RouteEntry } from './route-table';
import type { RoutePage } from './route-types';
import { Shell } from './shell/shell';

const ChangePasswordPage = lazy(() => import('../features/account/pages/change-password-page'));

function Forbidden() {
  const { t } = useTranslation();
  return <Result status="403" title="403" subTitle={t('errors.forbidden')} />;
}

function GuardedPage({ route }: { route: RouteEntry }) {
  const { access } = useCurrentUser();
  if (!canAccess(route.access, access)) return <Forbidden />;
  const Page = route.page;
  if (!Page) return <ComingSoon titleKey={route.labelKey} />;
  const page = (
    <Suspense fallback={<PageLoader />}>
      <Page />
    </Suspense>
  );
  return route.plain ? page : <AntdScope>{page}</AntdScope>;
}

function SignedIn() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const features = useFeatures();
  const value = useMemo(
    () => (me.data ? { user: me.data, access: accessContextOf(me.data, features) } : null),
    [me.data, features],
  );

  if (!value) {
    if (me.isError) {
      return (
        <Result
          status="warning"
          title={errorText(me.error, t, i18n.language)}
          extra={
            <button type="button" className="ov-retry-button" onClick={() => me.refetch()}>
              {t('common.retry')}
            </button>
          }
        />
      );
    }
    return <PageLoader />;
  }

  // After an administrator's reset the API serves nothing else until the password is changed (474).
  // The form is plain (no Ant Design).
  if (value.user.changePasswordRequired) {
    return (
      <Suspense fallback={<PageLoader />}>
        <ChangePasswordPage />
      </Suspense>
    );
  }

  return (
    <CurrentUserContext.Provider value={value}>
      <Shell>
        <Routes>
          {PRIVATE_ROUTES.map((route) => (
            <Route key={route.key} path={route.path} element={<GuardedPage route={route} />} />
          ))}
          <Route path="*" element={<Navigate to={PATHS.home} replace />} />
        </Routes>
      </Shell>
    </CurrentUserContext.Provider>
  );
}

/**
 * How long the area's first render waits, once its chunks are in, for the first screen's reads.
 * Their requests left from the entry before the chunks, so on a slow network they are in by then; on a
 * slow server the page shows its own placeholders after this.
 */
const FIRST_READS_WAIT_MS = 1000;

/** The query cache made ahead of the area's first render, for the session whose token it holds. */
let prepared: { token: string | undefined; client: QueryClient } | undefined;

/**
 * Makes the area's query cache before its first render and reads into it what the first screen
 * shows: the profile, the feature switches and the page's own reads (its `prefetch`). Resolves when
 * they are in (or failed), or after `FIRST_READS_WAIT_MS`. Without it the area rendered its
 * placeholders, then once more per answer (the profile's change re-rendered every page), and the
 * page's content came in three or four commits.
 */
export function prepareSignedIn(
  page: RoutePage | undefined,
  params: Readonly<Record<string, string | undefined>>,
  search: URLSearchParams,
): Promise<void> {
  const client = createQueryClient();
  prepared = { token: getSession()?.accessToken, client };
  const reads = Promise.allSettled([
    client.prefetchQuery(meQuery()),
    client.prefetchQuery(configQuery()),
    page?.prefetch?.(client, params, search),
  ]);
  const wait = new Promise((done) => setTimeout(done, FIRST_READS_WAIT_MS));
  return Promise.race([reads, wait]).then(() => undefined);
}

/** The prepared cache if it is this session's; a new one otherwise (a later sign-in, say). */
function queryClientForArea(): QueryClient {
  const ahead = prepared;
  prepared = undefined;
  return ahead && ahead.token === getSession()?.accessToken ? ahead.client : createQueryClient();
}

/**
 * The signed-in area: its own query cache (dropped at logout), the toasts, the profile, the shell. It
 * holds no Ant Design: each route's page is wrapped in AntdScope unless its entry says `plain`.
 */
export default function PrivateApp() {
  const [queryClient] = useState(queryClientForArea);
  return (
    <QueryClientProvider client={queryClient}>
      <NotifierBridge />
      <SignedIn />
    </QueryClientProvider>
  );
}
