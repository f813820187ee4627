import { useSearchParams } from 'react-router';
import { Card } from '../../../components/card/card';
import { PaymentStatusView } from './payment-status-view';

/**
 * The outcome of a payment on its page. The gateway's return carries `result` in the URL: a hint
 * shown until the payment's own result code is known.
 */
export function PaymentOutcome({ paymentId, onAgain }: { paymentId: string; onAgain: () => void }) {
  const [params] = useSearchParams();
  const hint = Number(params.get('result'));
  return (
    <Card className="ov-pay__card">
      <PaymentStatusView
        paymentId={paymentId}
        hintCode={Number.isInteger(hint) && hint > 0 ? hint : undefined}
        onAgain={onAgain}
      />
    </Card>
  );
}
