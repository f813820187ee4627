import '../i18n';
import '../components/contract-requests.css';
import {
  agreementProblems,
  agreementSchedule,
  minDownPaymentCents,
  suggestedPlan,
} from '@ov/domain/agreements';
import { errorMessage } from '@ov/domain/errors';
import { centsToPesos, pesosToCents } from '@ov/domain/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Input, InputNumber, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Card } from '../../../components/card/card';
import { errorText } from '../../../lib/error-text';
import { formatDate, formatMoney } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { PATHS } from '../../../lib/urls';
import { agreementOptionsQuery, askAgreement, CONTRACT_REQUESTS_KEY } from '../api/contract-requests';
import { AgreementSchedule } from '../components/agreement-schedule';

/**
 * `/clientCodes/:cc/agreement` ("Solicitar convenio"): the holder of a code with unpaid invoices asks
 * to pay them as a down payment and monthly instalments, within the limits in force, with a preview
 * of the schedule; the request is then followed in "Mis solicitudes".
 */
export default function AgreementRequestPage() {
  const { cc = '' } = useParams();
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'es';
  const g = (k: string, o?: Record<string, unknown>) => t(`contractRequests.agreement.${k}`, o ?? {});
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery(agreementOptionsQuery(cc));
  const [chosen, setChosen] = useState<string[]>([]);
  const [down, setDown] = useState<number | null>(null);
  const [instalments, setInstalments] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const o = query.data;

  useEffect(() => {
    if (!o) return;
    const ids = o.invoices.map((i) => i.id);
    const total = o.invoices.reduce((s, i) => s + i.dueCents, 0);
    const plan = suggestedPlan(total, o.limits);
    setChosen(ids);
    setDown(centsToPesos(plan.downPaymentCents));
    setInstalments(plan.instalments);
  }, [o]);

  const send = useMutation({
    mutationFn: askAgreement,
    onSuccess: async ({ requestId }) => {
      notify.success(g('sent', { requestId }));
      await queryClient.invalidateQueries({ queryKey: CONTRACT_REQUESTS_KEY });
      navigate(`${PATHS.contractRequestDetails}/${requestId}`);
    },
    onError: (err) => notify.error(err),
  });

  const back = (
    <p className="ov-mine__back">
      <Link to={`${PATHS.clientCodes}/${cc}`} data-testid="agreement-back">
        <span aria-hidden="true">← </span>
        {g('back', { cc })}
      </Link>
    </p>
  );
  const header = (
    <div className="ov-page-header">
      <h1>{g('pageTitle')}</h1>
    </div>
  );

  if (query.isPending)
    return (
      <div className="ov-agreement-page">
        {back}
        {header}
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  if (!o)
    return (
      <div className="ov-agreement-page">
        {back}
        {header}
        <Alert type="error" showIcon title={errorText(query.error, t, i18n.language)} />
      </div>
    );

  const total = o.invoices.filter((i) => chosen.includes(i.id)).reduce((s, i) => s + i.dueCents, 0);
  const plan = { downPaymentCents: pesosToCents(down ?? 0), instalments: instalments ?? 0 };
  const problems = agreementProblems(total, plan, o.limits);
  const problem = problems[0] ? errorMessage('BADREQUESTERROR', problems[0].reference, lang) : null;

  if (o.openRequestId || !o.invoices.length)
    return (
      <div className="ov-agreement-page" data-testid="agreement-page">
        {back}
        {header}
        <Alert
          type="info"
          showIcon
          title={o.openRequestId ? g('openAlready', { requestId: o.openRequestId }) : g('nothingToAgree')}
          action={
            o.openRequestId ? (
              <Link to={`${PATHS.contractRequestDetails}/${o.openRequestId}`}>{g('follow')}</Link>
            ) : undefined
          }
        />
      </div>
    );

  const submit = () => {
    setTried(true);
    if (problems.length || !reason.trim()) return;
    send.mutate({ cc, invoiceIds: chosen, ...plan, reason });
  };

  return (
    <div className="ov-agreement-page" data-testid="agreement-page">
      {back}
      {header}
      <p>{g('intro', { cc, holder: o.holder })}</p>
      <Card title={g('invoices')} className="ov-agreement__card">
        <Checkbox.Group
          value={chosen}
          onChange={(v) => setChosen(v as string[])}
          className="ov-agreement__choices"
          aria-label={g('invoices')}
        >
          {o.invoices.map((i) => (
            <Checkbox key={i.id} value={i.id} data-testid={`agreement-invoice-${i.number}`}>
              {g('invoiceLine', { number: i.number, date: formatDate(i.issuedOn, i18n.language) })}{' '}
              <strong>{formatMoney(i.dueCents)}</strong>
            </Checkbox>
          ))}
        </Checkbox.Group>
        <p className="ov-agreement__total">
          {g('total')}: <strong data-testid="agreement-total">{formatMoney(total)}</strong>
        </p>
      </Card>
      <Card title={g('plan')} className="ov-agreement__card">
        <div className="ov-agreement__plan">
          <label htmlFor="agreement-down">{g('downPayment')}</label>
          <InputNumber
            id="agreement-down"
            min={0}
            step={1}
            prefix="$"
            precision={2}
            value={down}
            onChange={setDown}
            data-testid="agreement-down"
          />
          <small>
            {g('minDown', {
              percent: o.limits.minDownPercent,
              amount: formatMoney(minDownPaymentCents(total, o.limits)),
            })}
          </small>
          <label htmlFor="agreement-instalments">{g('instalments')}</label>
          <InputNumber
            id="agreement-instalments"
            min={1}
            max={o.limits.maxInstalments}
            value={instalments}
            onChange={setInstalments}
            data-testid="agreement-instalments"
          />
          <small>
            {g('limits', { max: o.limits.maxInstalments, min: formatMoney(o.limits.minInstalmentCents) })}
          </small>
        </div>
        {problem ? (
          <Alert type="warning" showIcon title={problem} data-testid="agreement-problem" />
        ) : (
          <AgreementSchedule items={agreementSchedule(total, plan, o.today)} caption={g('preview')} />
        )}
      </Card>
      <Card title={g('reason')} className="ov-agreement__card">
        <label htmlFor="agreement-reason" className="ov-visually-hidden">
          {g('reason')}
        </label>
        <Input.TextArea
          id="agreement-reason"
          rows={3}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          status={tried && !reason.trim() ? 'error' : undefined}
          aria-describedby={tried && !reason.trim() ? 'agreement-reason-error' : undefined}
          data-testid="agreement-reason"
        />
        {tried && !reason.trim() ? (
          <p id="agreement-reason-error" className="ov-agreement__error" role="alert">
            {errorMessage('BADREQUESTERROR', 635, lang)}
          </p>
        ) : null}
      </Card>
      <Button
        type="primary"
        size="large"
        loading={send.isPending}
        disabled={problems.length > 0}
        onClick={submit}
        data-testid="agreement-send"
      >
        {g('send')}
      </Button>
    </div>
  );
}
