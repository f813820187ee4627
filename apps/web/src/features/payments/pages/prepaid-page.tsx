import '../i18n';
import '../payments.css';
import type { PaymentMethod } from '@ov/domain/enums';
import { formatMoney, parseMoneyToCents } from '@ov/domain/money';
import { advanceBonusCents } from '@ov/domain/payments/advance';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Card } from '../../../components/card/card';
import { Field } from '../../../components/form-kit/field';
import { TextInput } from '../../../components/form-kit/inputs';
import { type FormState, useForm } from '../../../components/form-kit/use-form';
import { Alert, Button, Empty, Skeleton, Statistic } from '../../../components/ui';
import { PATHS } from '../../../lib/urls';
import { payAdvance, useAdvanceQuote, useMyCodes } from '../api/payments';
import { CodeSelect } from '../components/code-select';
import { GatewayChoice, useEnabledMethods } from '../components/gateway-choice';
import { InactiveCodeAlert } from '../components/inactive-code-alert';
import { PaymentError } from '../components/payment-error';
import { PaymentOutcome } from '../components/payment-outcome';
import { resultText } from '../components/result-text';

function toCents(text: string): number | null {
  if (!text.trim()) return null;
  try {
    return parseMoneyToCents(text);
  } catch {
    return null;
  }
}

/** `/payments/prepaid`: an advance deposit (code 1 allowed, 8 debts first), minimum and bonus shown. */
type AmountForm = FormState<{ amount: string }>;

/** "Importe a depositar": money typed freely, shown as money once left ("150" reads "150.00"). */
function AmountField({ form, cents, minimum }: { form: AmountForm; cents: number | null; minimum: number }) {
  const { t } = useTranslation();
  const field = form.fieldOf('amount');
  const binding = form.bind('amount', { help: !field.error });
  return (
    <Field
      {...field}
      label={t('payments.prepaid.amount')}
      // The minimum, until the amount is wrong: then the error says what is needed.
      help={
        field.error ? undefined : (
          <span data-testid="advance-minimum">
            {t('payments.prepaid.minimum', { amount: formatMoney(minimum) })}
          </span>
        )
      }
      className="ov-pay__amount-field"
    >
      <span className="ov-money-input">
        <span className="ov-money-input__prefix" aria-hidden>
          $
        </span>
        <TextInput
          {...binding}
          size="large"
          inputMode="decimal"
          autoComplete="off"
          placeholder={t('payments.prepaid.amountPlaceholder')}
          onBlur={() => {
            binding.onBlur();
            if (cents !== null && cents > 0) form.setValue('amount', formatMoney(cents).replace('$', ''));
          }}
          data-testid="advance-amount"
        />
      </span>
    </Field>
  );
}

export default function PrepaidPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const paymentId = params.get('paymentId');
  const codes = useMyCodes();
  const methods = useEnabledMethods();
  const cc = params.get('cc') ?? codes.data?.[0]?.cc;
  // An inactive code takes no payment: it says so instead of offering a deposit that would fail.
  const inactive = Boolean(codes.data?.find((c) => c.cc === cc && !c.active));
  const quote = useAdvanceQuote(paymentId || inactive ? undefined : cc);
  const [method, setMethod] = useState<PaymentMethod | undefined>(methods[0]);
  const minimum = quote.data?.minimumCents ?? 0;
  // The amount is checked once it has been typed and left (then on every change), as before: text
  // that is not money, or money below the code's minimum.
  const form = useForm({
    initialValues: { amount: '' },
    idPrefix: 'advance',
    checks: {
      amount: (value) => {
        const text = String(value ?? '');
        const typed = toCents(text);
        if (text.trim() !== '' && (typed === null || typed <= 0)) return t('payments.prepaid.invalidAmount');
        if (typed !== null && typed > 0 && typed < minimum)
          return t('payments.prepaid.belowMinimum', { amount: formatMoney(minimum) });
        return undefined;
      },
    },
  });
  const amountText = form.values.amount;
  const setAmountText = (text: string) => form.setValue('amount', text);

  const cents = toCents(amountText);
  const percent = quote.data?.bonusPercent ?? 0;
  const bonus = cents && cents > 0 ? advanceBonusCents(cents, percent) : 0;
  const below = cents !== null && cents > 0 && cents < minimum;

  const pay = useMutation({
    // A refusal is shown once, beside the button (PaymentError), not also as a toast.
    meta: { silent: true },
    mutationFn: () => payAdvance({ cc: cc ?? '', method: method ?? 'ENZONA', amountCents: cents ?? 0 }),
    onSuccess: (created) => {
      if (created.method === 'ENZONA' && created.redirectUrl) {
        window.location.assign(created.redirectUrl);
        return;
      }
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('paymentId', created.paymentId);
        return next;
      });
    },
  });
  const redirecting = pay.isSuccess && pay.data.method === 'ENZONA' && Boolean(pay.data.redirectUrl);
  const setCc = (value: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('cc', value);
      next.delete('paymentId');
      return next;
    });

  return (
    <div className="ov-pay" data-testid="prepaid-page">
      <div className="ov-page-header">
        <h1>{t('payments.prepaid.title')}</h1>
      </div>
      {paymentId ? (
        <PaymentOutcome
          paymentId={paymentId}
          onAgain={() => {
            pay.reset();
            setAmountText('');
            setParams(cc ? { cc } : {});
          }}
        />
      ) : codes.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (codes.data ?? []).length === 0 ? (
        <Card>
          <Empty description={t('payments.pay.noCodes')}>
            <Link to={PATHS.clientCodes}>{t('payments.pay.addCode')}</Link>
          </Empty>
        </Card>
      ) : (
        <div className="ov-pay__layout">
          <Card className="ov-pay__card ov-pay__main">
            <p className="ov-pay__subtitle">{t('payments.prepaid.subtitle')}</p>
            <label className="ov-pay__label" htmlFor="pay-code">
              {t('payments.pay.code')}
            </label>
            <CodeSelect codes={codes.data ?? []} value={cc} onChange={setCc} />
            {inactive ? (
              <InactiveCodeAlert cc={cc} />
            ) : quote.isPending ? (
              <Skeleton active paragraph={{ rows: 3 }} className="ov-pay__gap" />
            ) : quote.isError ? (
              <div className="ov-pay__gap">
                <PaymentError error={quote.error} />
              </div>
            ) : quote.data ? (
              <>
                <Alert
                  className="ov-pay__gap"
                  type={quote.data.allowed ? 'success' : 'warning'}
                  showIcon
                  title={resultText(quote.data.code, i18n.language)}
                  data-testid="advance-quote"
                  data-code={quote.data.code}
                  action={
                    quote.data.allowed ? undefined : (
                      <Link
                        to={`${PATHS.payments}?cc=${encodeURIComponent(cc ?? '')}`}
                        data-testid="advance-pay-debt"
                      >
                        {t('payments.prepaid.payDebt')}
                      </Link>
                    )
                  }
                />
                <div className="ov-pay__stats">
                  <Statistic
                    title={t('payments.prepaid.balance')}
                    value={formatMoney(quote.data.balanceCents)}
                  />
                  <Statistic title={t('payments.prepaid.debt')} value={formatMoney(quote.data.debtCents)} />
                  <Statistic
                    title={t('payments.prepaid.bonusLabel')}
                    value={`${percent} %`}
                    data-testid="advance-bonus-percent"
                  />
                </div>
                {quote.data.allowed ? (
                  <div className="ov-pay__amount">
                    <AmountField form={form} cents={cents} minimum={minimum} />
                    {bonus > 0 ? (
                      <Alert
                        type="info"
                        className="ov-pay__gap"
                        title={t('payments.prepaid.bonusAmount', { amount: formatMoney(bonus) })}
                        data-testid="advance-bonus"
                      />
                    ) : null}
                  </div>
                ) : null}
              </>
            ) : null}
          </Card>
          {quote.data?.allowed && !inactive ? (
            <Card className="ov-pay__card ov-pay__side">
              <h2>{t('payments.pay.method')}</h2>
              <GatewayChoice value={method} onChange={setMethod} />
              <div className="ov-pay__total">
                <span>{t('payments.prepaid.amount')}</span>
                <strong data-testid="pay-total">{formatMoney(cents && cents > 0 ? cents : 0)}</strong>
              </div>
              {pay.isError ? <PaymentError error={pay.error} /> : null}
              <Button
                type="primary"
                size="large"
                block
                disabled={!method || !cents || cents <= 0 || below}
                loading={pay.isPending || redirecting}
                onClick={() => pay.mutate()}
                data-testid="pay-submit"
              >
                {redirecting
                  ? t('payments.redirecting')
                  : t('payments.prepaid.submit', { amount: formatMoney(cents && cents > 0 ? cents : 0) })}
              </Button>
            </Card>
          ) : null}
        </div>
      )}
    </div>
  );
}
