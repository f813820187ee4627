import '../i18n';
import { normalizeRequestId } from '@ov/domain/contract-requests';
import { findMunicipality } from '@ov/domain/municipalities';
import { Alert, Button, Input, Skeleton } from 'antd';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Descriptions } from '../../../components/descriptions/descriptions';
import { OfficeInfo } from '../../../components/office-info/office-info';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { formatDateTime } from '../../../lib/format';
import { useIsAuthenticated } from '../../../lib/session';
import { PATHS } from '../../../lib/urls';
import { lookupRequest, type PublicRequest } from '../api/contract-requests';
import { ClaimRequest } from '../components/claim-request';
import { RequestFrame } from '../components/request-frame';
import { RequestTimeline } from '../components/request-timeline';
import { StatusTag } from '../components/status-tag';

type State =
  | { kind: 'idle' }
  | { kind: 'invalid' }
  | { kind: 'loading' }
  | { kind: 'notFound'; id: string }
  | { kind: 'error'; message: string }
  | { kind: 'found'; request: PublicRequest; mine: boolean };

/** `/search?id=…`: where a request stands, for anyone with its ID; its owner also gets the way to it. */
export default function RequestSearchPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  const [value, setValue] = useState(id);
  const [state, setState] = useState<State>({ kind: 'idle' });
  const signedIn = useIsAuthenticated();
  const result = useRef<HTMLDivElement>(null);

  useEffect(() => {
    setValue(id);
    if (!id) return setState({ kind: 'idle' });
    if (!normalizeRequestId(id)) return setState({ kind: 'invalid' });
    const abort = new AbortController();
    setState({ kind: 'loading' });
    lookupRequest(id, abort.signal)
      .then(async (request) => {
        let mine = false;
        if (signedIn)
          mine = await api.get(`/contract-requests/${encodeURIComponent(request.requestId)}`).then(
            () => true,
            () => false,
          );
        setState({ kind: 'found', request, mine });
      })
      .catch((err) => {
        if (abort.signal.aborted) return;
        if (isApiError(err) && err.status === 404) setState({ kind: 'notFound', id });
        else setState({ kind: 'error', message: isApiError(err) ? err.message : String(err) });
      });
    return () => abort.abort();
  }, [id, signedIn]);

  useEffect(() => {
    if (state.kind !== 'loading' && state.kind !== 'idle') result.current?.focus();
  }, [state.kind]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setParams(value.trim() ? { id: value.trim() } : {});
  };

  return (
    <RequestFrame>
      <h1>{t('contractRequests.search.title')}</h1>
      <p>{t('contractRequests.search.text')}</p>
      <form className="ov-cr__search" onSubmit={submit} aria-label={t('contractRequests.search.title')}>
        <Input
          name="requestId"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder="ABCDE-FGH23"
          aria-label={t('landing.search.placeholder')}
          autoComplete="off"
          autoCapitalize="characters"
          size="large"
          data-testid="search-id"
        />
        <Button type="primary" htmlType="submit" size="large">
          {t('landing.search.action')}
        </Button>
      </form>
      <div ref={result} tabIndex={-1} aria-live="polite" className="ov-cr__result">
        {state.kind === 'loading' ? (
          <Skeleton active aria-label={t('contractRequests.search.loading')} />
        ) : null}
        {state.kind === 'invalid' ? (
          <Alert type="warning" showIcon message={t('contractRequests.search.invalid')} />
        ) : null}
        {state.kind === 'notFound' ? (
          <Alert type="error" showIcon message={t('contractRequests.search.notFound', { id: state.id })} />
        ) : null}
        {state.kind === 'error' ? <Alert type="error" showIcon message={state.message} /> : null}
        {state.kind === 'found' ? (
          <Found request={state.request} mine={state.mine} signedIn={signedIn} language={i18n.language} />
        ) : null}
      </div>
    </RequestFrame>
  );
}

function Found({
  request,
  mine,
  signedIn,
  language,
}: {
  request: PublicRequest;
  mine: boolean;
  signedIn: boolean;
  language: string;
}) {
  const { t } = useTranslation();
  return (
    <section className="ov-cr__section" data-testid="search-result">
      <h2 className="ov-cr__id">{request.requestId}</h2>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('contractRequests.search.status')}>
          <StatusTag status={request.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('contractRequests.fields.procedureType')}>
          {t(`contractRequests.labels.procedure.${request.procedureType}`)} ·{' '}
          {t(`contractRequests.labels.sector.${request.sector}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('contractRequests.form.municipality')}>
          {findMunicipality(request.municipality)?.municipio ?? request.municipality}
        </Descriptions.Item>
        <Descriptions.Item label={t('contractRequests.search.sent')}>
          {formatDateTime(request.createdAt, language)}
        </Descriptions.Item>
      </Descriptions>
      <h3 className="ov-cr__section">{t('contractRequests.search.timeline')}</h3>
      <RequestTimeline status={request.status} history={request.history} language={language} />
      <h3 className="ov-cr__section">{t('contractRequests.search.next')}</h3>
      <p data-testid="next-step">{t(`contractRequests.nextStep.${request.status}`)}</p>
      {/* Held for debt, annulled or ready to sign: the office that serves the address, with its hours. */}
      {['DEBT_PENDING', 'ANNULLED', 'SIGNATURE_READY'].includes(request.status) ? (
        <OfficeInfo municipality={request.municipality} inline />
      ) : null}
      {mine ? (
        <p>
          <Link to={`${PATHS.contractRequestDetails}/${request.requestId}`}>
            {t('contractRequests.search.details')}
          </Link>
        </p>
      ) : signedIn ? (
        // Signed in and not hers: she may have sent it before signing in (a code to its e-mail proves it).
        <ClaimRequest requestId={request.requestId} />
      ) : null}
    </section>
  );
}
