import { formatMoney } from '@ov/domain/money';
import type { PaymentDto, PostingChoice } from '@ov/domain/payments/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../components/confirm-dialog/confirm-dialog';
import { Button, Space } from '../../../components/ui';
import { notify } from '../../../lib/notify';
import { choosePosting, PAYMENTS_KEY } from '../api/payments';

/**
 * A payment the commercial system refused (paid at the office meanwhile, an amount that no longer
 * matches…): its payer, or staff who may refund when the payer does not answer, choose a refund through
 * the gateway or an advance on the code. Each asks for confirmation first.
 */
export function PostingChoiceActions({ payment, as }: { payment: PaymentDto; as: 'owner' | 'staff' }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const amount = formatMoney(payment.amountCents);
  const method = t(`payments.methods.${payment.paymentMethods}`);

  const choose = (choice: PostingChoice) =>
    confirm({
      title: choice === 'REFUND' ? t('payments.posting.refund') : t('payments.posting.advance'),
      content:
        choice === 'REFUND'
          ? t('payments.posting.refundConfirm', { amount, method })
          : t('payments.posting.advanceConfirm', { amount, cc: payment.cc }),
      okText: choice === 'REFUND' ? t('payments.posting.refund') : t('payments.posting.advance'),
      okTestId: `posting-${choice.toLowerCase()}-confirm`,
      onOk: async () => {
        try {
          await choosePosting(payment.id, choice, as);
          notify.success(
            choice === 'REFUND' ? t('payments.posting.refundDone') : t('payments.posting.advanceDone'),
          );
        } catch (error) {
          notify.error(error);
        } finally {
          await Promise.all([
            queryClient.invalidateQueries({ queryKey: PAYMENTS_KEY }),
            queryClient.invalidateQueries({ queryKey: ['billing'] }),
          ]);
        }
      },
    });

  return (
    <div className="ov-posting-choice" data-testid="posting-choice-actions">
      <p className="ov-posting-choice__text">
        {as === 'owner' ? t('payments.posting.chooseText') : t('payments.posting.staffText')}
      </p>
      <Space wrap>
        <Button type="primary" onClick={() => void choose('ADVANCE')} data-testid="posting-advance">
          {t('payments.posting.advance')}
        </Button>
        <Button onClick={() => void choose('REFUND')} data-testid="posting-refund">
          {t('payments.posting.refund')}
        </Button>
      </Space>
    </div>
  );
}
