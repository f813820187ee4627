import { formatMoney } from '@ov/domain/money';
import type { PaymentDto } from '@ov/domain/payments/contracts';
import { useTranslation } from 'react-i18next';
import { Descriptions } from '../../../components/descriptions/descriptions';
import { Tag } from '../../../components/ui';
import { formatDateTime } from '../../../lib/format';
import { canCancel, PendingPaymentActions } from './cancel-payment';
import { PostingChoiceActions } from './posting-choice';
import { paymentOutcomeText, STATUS_COLORS } from './result-text';

const POSTING_COLORS: Record<string, string> = {
  PENDING: 'gold',
  POSTED: 'green',
  REFUSED: 'red',
  RESOLVED: 'blue',
};

/**
 * One payment in the record's read-only side dialog, also opened from a link to it (`…/payment-record/{id}`).
 * With the utility's commercial system over HTTP, where the payment stands there; a refused one asks
 * its payer (or staff who may refund, `settles`) to choose a refund or an advance.
 */
export function RecordDetail({
  row,
  payer = false,
  settles = false,
}: {
  row: PaymentDto;
  payer?: boolean;
  settles?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const posting = row.posting;
  const chooser = posting?.status === 'REFUSED' ? (payer ? 'owner' : settles ? 'staff' : null) : null;
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      items={[
        { key: 'cc', label: t('payments.record.cc'), children: row.cc },
        ...(row.guest
          ? [{ key: 'payer', label: t('payments.record.payer'), children: t('payments.record.guestPayer') }]
          : []),
        { key: 'type', label: t('payments.record.type'), children: t(`payments.types.${row.type}`) },
        {
          key: 'method',
          label: t('payments.record.method'),
          children: t(`payments.methods.${row.paymentMethods}`),
        },
        { key: 'amount', label: t('payments.record.amount'), children: formatMoney(row.amountCents) },
        { key: 'bonus', label: t('payments.record.bonus'), children: formatMoney(row.bonusCents) },
        {
          key: 'status',
          label: t('payments.record.status'),
          children: <Tag color={STATUS_COLORS[row.status]}>{t(`payments.status.${row.status}`)}</Tag>,
        },
        {
          key: 'result',
          label: t('payments.record.result'),
          children: paymentOutcomeText(row, i18n.language) || '—',
        },
        // An EnZona checkout left open can be taken up again, or cancelled by its payer, while it waits.
        ...(row.status === 'PENDING' && (row.redirectUrl || (payer && canCancel(row)))
          ? [
              {
                key: 'resume',
                label: t('payments.record.resumeLabel'),
                children: <PendingPaymentActions payment={row} mayCancel={payer} />,
              },
            ]
          : []),
        ...(posting
          ? [
              {
                key: 'posting',
                label: t('payments.posting.title'),
                children: (
                  <Tag color={POSTING_COLORS[posting.status]} data-testid="posting-status">
                    {t(`payments.posting.status.${posting.status}`)}
                  </Tag>
                ),
              },
              ...(posting.refusalReason
                ? [
                    {
                      key: 'refusal',
                      label: t('payments.posting.reasonLabel'),
                      children: (
                        <span data-testid="posting-reason">
                          {t(`payments.posting.reasons.${posting.refusalReason}`, {
                            defaultValue: posting.refusalReason,
                          })}
                        </span>
                      ),
                    },
                  ]
                : []),
              ...(posting.choice
                ? [
                    {
                      key: 'choice',
                      label: t('payments.posting.choiceLabel'),
                      children: (
                        <span data-testid="posting-choice">
                          {t(`payments.posting.choices.${posting.choice}`)}
                        </span>
                      ),
                    },
                  ]
                : []),
              ...(posting.status === 'PENDING' && posting.attempts > 0
                ? [
                    {
                      key: 'attempts',
                      label: t('payments.posting.attempts'),
                      children: `${posting.attempts}${posting.nextAttemptAt ? ` · ${t('payments.posting.nextAttempt')}: ${formatDateTime(posting.nextAttemptAt, i18n.language)}` : ''}`,
                    },
                  ]
                : []),
              ...(posting.postingId
                ? [{ key: 'postingId', label: t('payments.posting.postingId'), children: posting.postingId }]
                : []),
              ...(chooser
                ? [
                    {
                      key: 'chooseAction',
                      label: t('payments.posting.chooseLabel'),
                      children: <PostingChoiceActions payment={row} as={chooser} />,
                    },
                  ]
                : []),
            ]
          : []),
        { key: 'op', label: t('payments.record.operation'), children: row.externalId },
        {
          key: 'date',
          label: t('payments.record.date'),
          children: formatDateTime(row.createdAt, i18n.language),
        },
      ]}
    />
  );
}
