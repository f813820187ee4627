import '../i18n';
import '../billing.css';
import { useParams } from 'react-router';
import type { PagePrefetch } from '../../../lib/page-prefetch';
import { firstInvoicePage } from '../api/early';
import { invoicesQuery } from '../api/find-invoices';
import { myCcsQuery } from '../api/find-my-ccs';
import { consumptionQuery } from '../api/get-consumption';
import { factsQuery, totalDebtQuery } from '../api/get-overview';
import { CodeDetail } from '../components/code-detail';

/** The first render's reads (the entry asked for them early: `codeDetailCalls`). */
export const prefetch: PagePrefetch = (client, { cc }) =>
  cc
    ? Promise.all([
        client.prefetchQuery(myCcsQuery()),
        client.prefetchQuery(factsQuery(cc)),
        client.prefetchQuery(totalDebtQuery(cc)),
        client.prefetchQuery(consumptionQuery(cc)),
        client.prefetchQuery(invoicesQuery(firstInvoicePage(cc))),
      ])
    : undefined;

/** `/clientCodes/:cc`: one of the customer's codes. */
export default function CodeDetailPage() {
  const { cc = '' } = useParams();
  return <CodeDetail key={cc} cc={cc} viewer="customer" />;
}
