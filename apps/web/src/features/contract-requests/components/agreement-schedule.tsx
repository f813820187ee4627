import type { AgreementItem } from '@ov/domain/agreements';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format';

/** The schedule of an agreement: the down payment, then each monthly instalment with its date. */
export function AgreementSchedule({ items, caption }: { items: AgreementItem[]; caption: string }) {
  const { t, i18n } = useTranslation();
  const g = (k: string, o?: Record<string, unknown>) => t(`contractRequests.agreement.${k}`, o ?? {});
  return (
    <table className="ov-agreement__schedule" data-testid="agreement-schedule">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{g('item')}</th>
          <th scope="col">{g('dueOn')}</th>
          <th scope="col" className="ov-agreement__amount">
            {g('amount')}
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((i) => (
          <tr key={i.n}>
            <th scope="row">{i.n === 0 ? g('downPayment') : g('instalmentOf', { n: i.n, of: i.of })}</th>
            <td>{formatDate(i.dueOn, i18n.language)}</td>
            <td className="ov-agreement__amount">{formatMoney(i.amountCents)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
