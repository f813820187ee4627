import '../i18n';
import '../payments.css';
import type { PaymentMethod } from '@ov/domain/enums';
import { formatMoney } from '@ov/domain/money';
import type { GuestDebt, GuestInvoice } from '@ov/domain/payments/guest';
import { useMutation } from '@tanstack/react-query';
import { Input } from 'antd';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { AntdProvider } from '../../../components/antd/antd-provider';
import { Card } from '../../../components/card/card';
import { type DataColumn, DataTable } from '../../../components/data-table/data-table';
import { PublicLayout } from '../../../components/public-layout/public-layout';
import { Alert, Button, Empty, Tag } from '../../../components/ui';
import { formatDate } from '../../../lib/format';
import { PATHS } from '../../../lib/urls';
import { lookupGuestDebt, payAsGuest } from '../api/guest';
import { GatewayCards } from '../components/gateway-choice';
import { GuestQueries } from '../components/guest-queries';
import { PaymentError } from '../components/payment-error';
import './guest-pay.css';

const STATUS_COLORS: Record<string, string> = {
  Pendiente: 'orange',
  'Pago Parcial': 'gold',
  Procesando: 'blue',
  Conveniada: 'purple',
};

/**
 * `/pagar`: pay without an account (issue 30). A client code and the number of its last invoice (or
 * its contract) show the open invoices, their total and the holder's initials; anyone may pay them
 * through either gateway, and an e-mail for the receipt is optional. Nothing else of the account.
 */
export default function GuestPayPage() {
  const { t } = useTranslation();
  const [proven, setProven] = useState<{ cc: string; proof: string; debt: GuestDebt } | null>(null);
  return (
    <PublicLayout>
      <AntdProvider>
        <GuestQueries>
          <div className="ov-pay ov-guest" data-testid="guest-pay-page">
            <div className="ov-page-header">
              <h1>{t('payments.guest.title')}</h1>
            </div>
            {proven ? (
              <GuestInvoices {...proven} onChange={() => setProven(null)} />
            ) : (
              <GuestLookup onFound={setProven} />
            )}
          </div>
        </GuestQueries>
      </AntdProvider>
    </PublicLayout>
  );
}

function GuestLookup({
  onFound,
}: {
  onFound: (found: { cc: string; proof: string; debt: GuestDebt }) => void;
}) {
  const { t } = useTranslation();
  const ccId = useId();
  const proofId = useId();
  const proofHelp = useId();
  const [cc, setCc] = useState('');
  const [proof, setProof] = useState('');
  const lookup = useMutation({
    meta: { silent: true },
    mutationFn: () => lookupGuestDebt({ cc: cc.trim(), proof: proof.trim() }),
    onSuccess: (debt) => onFound({ cc: debt.cc, proof: proof.trim(), debt }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (cc.trim() && proof.trim()) lookup.mutate();
  };
  return (
    <Card className="ov-pay__card ov-guest__lookup">
      <p className="ov-pay__subtitle">{t('payments.guest.intro')}</p>
      <form onSubmit={submit} className="ov-guest__form" aria-label={t('payments.guest.title')}>
        <label className="ov-pay__label" htmlFor={ccId}>
          {t('payments.guest.cc')}
        </label>
        <Input
          id={ccId}
          name="cc"
          value={cc}
          onChange={(e) => setCc(e.target.value)}
          inputMode="numeric"
          autoComplete="off"
          size="large"
          data-testid="guest-cc"
        />
        <label className="ov-pay__label" htmlFor={proofId}>
          {t('payments.guest.proof')}
        </label>
        <Input
          id={proofId}
          name="proof"
          value={proof}
          onChange={(e) => setProof(e.target.value)}
          autoComplete="off"
          size="large"
          aria-describedby={proofHelp}
          data-testid="guest-proof"
        />
        <p id={proofHelp} className="ov-pay__muted ov-guest__help">
          {t('payments.guest.proofHelp')}
        </p>
        {lookup.isError ? <PaymentError error={lookup.error} /> : null}
        <Button
          type="primary"
          size="large"
          htmlType="submit"
          block
          disabled={!cc.trim() || !proof.trim()}
          loading={lookup.isPending}
          data-testid="guest-lookup"
        >
          {t('payments.guest.lookup')}
        </Button>
      </form>
      <p className="ov-guest__signin">
        {t('payments.guest.haveAccount')} <Link to={PATHS.login}>{t('payments.guest.signIn')}</Link>
      </p>
    </Card>
  );
}

function GuestInvoices({
  cc,
  proof,
  debt,
  onChange,
}: {
  cc: string;
  proof: string;
  debt: GuestDebt;
  onChange: () => void;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const invoicesId = useId();
  const emailId = useId();
  const emailHelp = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const payable = debt.invoices.filter((i) => i.payable);
  const [selected, setSelected] = useState<string[]>(payable.map((i) => i.id));
  const [method, setMethod] = useState<PaymentMethod | undefined>(debt.methods[0]);
  const [email, setEmail] = useState('');
  const chosen = payable.filter((i) => selected.includes(i.id));
  const total = chosen.reduce((sum, i) => sum + i.dueCents, 0);
  const language = i18n.language === 'en' ? 'en' : 'es';

  // The answer replaces the form: its heading takes the focus (never left on the page's body).
  useEffect(() => heading.current?.focus(), []);

  const pay = useMutation({
    meta: { silent: true },
    mutationFn: () =>
      payAsGuest({
        cc,
        proof,
        method: method ?? 'ENZONA',
        invoiceIds: chosen.map((i) => i.id),
        amountCents: total,
        ...(email.trim() ? { email: email.trim() } : {}),
        language,
      }),
    onSuccess: (created) => {
      if (created.method === 'ENZONA' && created.redirectUrl) {
        window.location.assign(created.redirectUrl);
        return;
      }
      const q = new URLSearchParams({ paymentId: created.paymentId, token: created.receiptToken });
      navigate(`${PATHS.guestPayResult}?${q.toString()}`);
    },
  });
  const redirecting = pay.isSuccess && pay.data.method === 'ENZONA' && Boolean(pay.data.redirectUrl);
  const chosenIds = new Set(chosen.map((i) => i.id));
  const allChosen = payable.length > 0 && chosen.length === payable.length;

  const columns: DataColumn<GuestInvoice>[] = [
    {
      key: 'choose',
      width: 48,
      title: (
        <input
          type="checkbox"
          className="ov-table__check"
          checked={allChosen}
          disabled={payable.length === 0}
          onChange={(e) => setSelected(e.target.checked ? payable.map((i) => i.id) : [])}
          aria-label={t('payments.pay.selectAll')}
        />
      ),
      render: (row) => (
        <input
          type="checkbox"
          className="ov-table__check"
          checked={chosenIds.has(row.id)}
          disabled={!row.payable}
          onChange={(e) =>
            setSelected((current) =>
              e.target.checked ? [...current, row.id] : current.filter((id) => id !== row.id),
            )
          }
          aria-label={t('payments.pay.selectInvoice', { number: row.number })}
        />
      ),
    },
    {
      key: 'number',
      title: t('payments.pay.number'),
      rowHeader: true,
      render: (row) => (
        <span className="ov-pay__invoice">
          <strong>{row.number}</strong>
          <span className="ov-pay__muted">{formatDate(row.issuedOn, i18n.language)}</span>
        </span>
      ),
    },
    {
      key: 'status',
      title: t('payments.pay.state'),
      render: (row) => (
        <Tag color={STATUS_COLORS[row.displayStatus] ?? 'default'} data-status={row.displayStatus}>
          {t(`payments.invoiceStatus.${row.displayStatus}`, { defaultValue: row.displayStatus })}
        </Tag>
      ),
    },
    {
      key: 'toPay',
      title: t('payments.pay.toPay'),
      align: 'end',
      render: (row) => <span className="ov-pay__money">{formatMoney(row.dueCents)}</span>,
    },
  ];

  return (
    <div className="ov-pay__layout">
      <Card className="ov-pay__card ov-pay__main">
        <h2 ref={heading} tabIndex={-1} className="ov-guest__heading">
          {t('payments.guest.found')}
        </h2>
        <dl className="ov-guest__facts" data-testid="guest-facts">
          <dt>{t('payments.guest.cc')}</dt>
          <dd>{debt.cc}</dd>
          <dt>{t('payments.guest.holder')}</dt>
          <dd data-testid="guest-holder">{debt.holder}</dd>
          <dt>{t('payments.guest.totalDebt')}</dt>
          <dd className="ov-pay__money">{formatMoney(debt.totalCents)}</dd>
        </dl>
        <Button type="link" onClick={onChange} className="ov-guest__change" data-testid="guest-change">
          {t('payments.guest.change')}
        </Button>
        <h3 id={invoicesId} className="ov-guest__subheading">
          {t('payments.pay.invoices')}
        </h3>
        {debt.invoices.length === 0 ? (
          <Empty description={t('payments.guest.nothingDue')} image={Empty.PRESENTED_IMAGE_SIMPLE} />
        ) : (
          <DataTable<GuestInvoice>
            labelledBy={invoicesId}
            rowKey={(row) => row.id}
            rows={debt.invoices}
            columns={columns}
            rowClassName={(row) => (chosenIds.has(row.id) ? 'ov-table__row--selected' : undefined)}
            className="ov-pay__invoices"
            data-testid="guest-invoices"
          />
        )}
        {debt.invoices.some((i) => i.displayStatus === 'Conveniada') ? (
          <Alert type="info" showIcon className="ov-pay__gap" title={t('payments.guest.agreed')} />
        ) : null}
      </Card>
      <Card className="ov-pay__card ov-pay__side">
        <h2>{t('payments.pay.method')}</h2>
        <GatewayCards value={method} onChange={setMethod} methods={debt.methods} />
        <label className="ov-pay__label ov-guest__email-label" htmlFor={emailId}>
          {t('payments.guest.email')}
        </label>
        <Input
          id={emailId}
          type="email"
          name="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="email"
          aria-describedby={emailHelp}
          data-testid="guest-email"
        />
        <p id={emailHelp} className="ov-pay__muted ov-guest__help">
          {t('payments.guest.emailHelp')}
        </p>
        <div className="ov-pay__total">
          <span>
            {t('payments.pay.total')}
            <small>{t('payments.pay.selected', { count: chosen.length })}</small>
          </span>
          <strong data-testid="pay-total">{formatMoney(total)}</strong>
        </div>
        {pay.isError ? <PaymentError error={pay.error} /> : null}
        <Button
          type="primary"
          size="large"
          block
          disabled={!method || total <= 0}
          loading={pay.isPending || redirecting}
          onClick={() => pay.mutate()}
          data-testid="pay-submit"
        >
          {redirecting ? t('payments.redirecting') : t('payments.pay.submit', { amount: formatMoney(total) })}
        </Button>
      </Card>
    </div>
  );
}
