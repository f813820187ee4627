import { Alert, Button, Input } from 'antd';
import { type FormEvent, useContext, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../lib/api-client';
import { CurrentUserContext } from '../../../lib/current-user';
import { errorText } from '../../../lib/error-text';
import { PATHS } from '../../../lib/urls';

const path = (requestId: string, what: 'claim-code' | 'claim') =>
  `/contract-requests/${encodeURIComponent(requestId)}/${what}`;

/** Asks for the code the API e-mails to the request's address (202, nothing to read). */
export const askClaimCode = (requestId: string) => api.post<{ sent: true }>(path(requestId, 'claim-code'));
/** Gives the code back: the request becomes the caller's. */
export const claimRequest = (requestId: string, code: string) =>
  api.post<{ requestId: string }>(path(requestId, 'claim'), { code });

type Step = 'start' | 'sent' | 'done';

/**
 * "Reclamar solicitud": a signed-in customer adds to her account a request she sent without signing
 * in. Proof is a six-digit code e-mailed to the address the request was sent with; nothing is attached
 * because an address matches (anyone could have typed it).
 */
export function ClaimRequest({ requestId }: { requestId: string }) {
  const { t, i18n } = useTranslation();
  const w = (k: string, o?: Record<string, unknown>) => t(`contractRequests.claim.${k}`, o ?? {});
  const viewer = useContext(CurrentUserContext);
  const [step, setStep] = useState<Step>('start');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (viewer && !viewer.access.isCustomer) return null;

  const run = async (action: () => Promise<unknown>, next: Step) => {
    setBusy(true);
    setError(null);
    try {
      await action();
      setStep(next);
    } catch (err) {
      setError(errorText(err, t, i18n.language));
    } finally {
      setBusy(false);
    }
  };
  const ask = () => run(() => askClaimCode(requestId), 'sent');
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\D/g, '');
    if (digits.length !== 6) return setError(w('invalidCode'));
    return run(() => claimRequest(requestId, digits), 'done');
  };

  return (
    <section className="ov-cr__section" data-testid="claim-request" aria-labelledby="claim-request-title">
      <h3 id="claim-request-title">{w('title')}</h3>
      {step === 'done' ? (
        <>
          <Alert type="success" showIcon title={w('done', { id: requestId })} data-testid="claim-done" />
          <p>
            <Link to={`${PATHS.contractRequestDetails}/${requestId}`}>
              {t('contractRequests.search.details')}
            </Link>
          </p>
        </>
      ) : step === 'start' ? (
        <>
          <p>{w('text')}</p>
          <Button onClick={ask} loading={busy} data-testid="claim-ask">
            {w('ask')}
          </Button>
        </>
      ) : (
        <form onSubmit={confirm} aria-label={w('title')}>
          <p>{w('sent')}</p>
          <label htmlFor="claim-code">{w('code')}</label>
          <div className="ov-cr__search">
            <Input
              id="claim-code"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              size="large"
              data-testid="claim-code"
            />
            <Button type="primary" htmlType="submit" size="large" loading={busy} data-testid="claim-confirm">
              {w('confirm')}
            </Button>
          </div>
          <p>
            <Button type="link" onClick={ask} disabled={busy} data-testid="claim-again">
              {w('again')}
            </Button>
          </p>
        </form>
      )}
      {error ? <Alert type="error" showIcon title={error} data-testid="claim-error" /> : null}
    </section>
  );
}
