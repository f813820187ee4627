import '../i18n';
import type { ContractRequestStatus } from '@ov/domain/enums';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatDate } from '../../../lib/format';
import { PATHS } from '../../../lib/urls';
import { type RequestSummary, requestsQuery } from '../api/contract-requests';
import './my-requests.css';

/** The request's own page (with its documents, history and contract) loads when one is opened. */
const RequestPage = lazy(() => import('./my-request-page'));

const PAGE = 20;

/** A status as a small coloured label with its words (readable without the colour). */
export function StatusBadge({ status }: { status: ContractRequestStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`ov-mine__status ov-mine__status--${status.toLowerCase()}`} data-status={status}>
      {t(`contractRequests.labels.status.${status}`)}
    </span>
  );
}

/**
 * "Mis solicitudes" (a customer's own requests): one card each with the request ID, the procedure,
 * the status, what comes next, the date sent and the way to the request's page — no staff queue
 * (no bulk selection, waiting times or per-status counts). `…/contract-request-details/<ID>` is the
 * request's page.
 */
export function MyRequestsPage() {
  const id = useParams()['*']?.split('/')[0];
  return id ? (
    <Suspense fallback={<p className="ov-mine__loading" aria-busy="true" />}>
      <RequestPage requestId={id} />
    </Suspense>
  ) : (
    <MyRequestsList />
  );
}

function MyRequestsList() {
  const { t, i18n } = useTranslation();
  const [size, setSize] = useState(PAGE);
  const q = (k: string, o?: Record<string, unknown>) => t(`contractRequests.mine.${k}`, o ?? {});
  const query = useQuery({
    ...requestsQuery({ page: 1, size, search: '', filters: [], sort: { createdAt: 'desc' } }),
    placeholderData: keepPreviousData,
  });
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;

  return (
    <div className="ov-mine" data-testid="my-requests">
      <div className="ov-page-header ov-mine__header">
        <h1>{t('contractRequests.queue.mine')}</h1>
        <Link className="ov-mine__new" to={PATHS.contractRequest} data-testid="my-requests-new">
          {t('contractRequests.queue.new')}
        </Link>
      </div>
      {query.isPending ? (
        <p className="ov-mine__note" aria-busy="true">
          {q('loading')}
        </p>
      ) : query.isError ? (
        <div className="ov-mine__note" role="alert">
          <p>{q('loadError')}</p>
          <button type="button" className="ov-mine__more" onClick={() => query.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className="ov-mine__note" data-testid="my-requests-empty">
          {t('contractRequests.queue.emptyMine')}
        </p>
      ) : (
        <ul className="ov-mine__list" aria-label={t('contractRequests.queue.mine')}>
          {items.map((r) => (
            <RequestCard key={r.requestId} request={r} language={i18n.language} />
          ))}
        </ul>
      )}
      {items.length < total ? (
        <button
          type="button"
          className="ov-mine__more"
          disabled={query.isFetching}
          onClick={() => setSize((s) => s + PAGE)}
          data-testid="my-requests-more"
        >
          {q('more', { shown: items.length, total })}
        </button>
      ) : null}
    </div>
  );
}

function RequestCard({ request: r, language }: { request: RequestSummary; language: string }) {
  const { t } = useTranslation();
  const q = (k: string) => t(`contractRequests.mine.${k}`);
  const titleId = `mine-${r.requestId}`;
  return (
    <li className="ov-mine__card" aria-labelledby={titleId} data-testid="my-request">
      <div className="ov-mine__top">
        <h2 className="ov-mine__title" id={titleId}>
          {t(`contractRequests.labels.procedure.${r.procedureType}`)}
        </h2>
        <StatusBadge status={r.status} />
      </div>
      <dl className="ov-mine__facts">
        <div>
          <dt>{q('requestId')}</dt>
          <dd className="ov-cr__mono" data-testid="my-request-id">
            {r.requestId}
          </dd>
        </div>
        <div>
          <dt>{q('sent')}</dt>
          <dd>{formatDate(r.createdAt, language)}</dd>
        </div>
      </dl>
      <p className="ov-mine__next">
        <span className="ov-mine__next-label">{q('next')}</span> {t(`contractRequests.nextStep.${r.status}`)}
      </p>
      <Link
        className="ov-mine__open"
        to={`${PATHS.contractRequestDetails}/${r.requestId}`}
        data-testid="my-request-open"
      >
        {q('open')}
        <span className="ov-visually-hidden"> {r.requestId}</span>
      </Link>
    </li>
  );
}
