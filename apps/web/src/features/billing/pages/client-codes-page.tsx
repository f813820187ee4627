import '../i18n';
import '../billing.css';
import { PlusOutlined } from '@ant-design/icons';
import { PERMISSIONS } from '@ov/domain/permissions';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Card } from '../../../components/card/card';
import { Result } from '../../../components/result/result';
import { Button, Skeleton } from '../../../components/ui';
import { canAccess } from '../../../lib/access';
import { useCurrentUser } from '../../../lib/current-user';
import { formatMoney } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import type { PagePrefetch } from '../../../lib/page-prefetch';
import { useDissociateCc } from '../api/dissociate-cc';
import { myCcsQuery, useMyCcs } from '../api/find-my-ccs';
import { AddCodeDialog } from '../components/add-code-dialog';
import { ClientCodeCard } from '../components/client-code-card';
import { EmptyCodes } from '../components/empty-codes';
import { LastKnownNotice, oldestAsOf } from '../components/last-known-notice';
import { PendingLine } from '../components/pending-line';
import { BILLING_PATHS } from '../paths';

/** The first render's read (the entry asked for it early: `MY_CCS_CALL`). */
export const prefetch: PagePrefetch = (client) => client.prefetchQuery(myCcsQuery());

/** `/clientCodes` (and a customer's home): the customer's codes as cards, add and remove. */
export default function ClientCodesPage() {
  const { access } = useCurrentUser();
  if (!access.isCustomer) return <NotCustomer />;
  return <MyCodes />;
}

function MyCodes() {
  const { t } = useTranslation();
  const { access } = useCurrentUser();
  const codes = useMyCcs();
  const dissociate = useDissociateCc();
  const [adding, setAdding] = useState(false);
  const list = codes.data ?? [];
  const totalDebt = list.reduce((sum, code) => sum + code.totalDebtCents, 0);

  const remove = (cc: string) =>
    dissociate.mutateAsync(cc).then(() => notify.success(t('billing.codes.removed')));

  let body: ReactNode;
  if (codes.isPending) {
    body = (
      <div className="ov-codes__grid">
        {[0, 1].map((key) => (
          <Card key={key} className="ov-code-card">
            <Skeleton active paragraph={{ rows: 4 }} />
          </Card>
        ))}
      </div>
    );
  } else if (codes.isError) {
    body = (
      <Result
        status="warning"
        title={t('billing.codes.loadError')}
        extra={<Button onClick={() => codes.refetch()}>{t('common.retry')}</Button>}
      />
    );
  } else if (list.length === 0) {
    body = <EmptyCodes onAdd={() => setAdding(true)} />;
  } else {
    body = (
      <div className="ov-codes__grid" data-testid="codes-grid">
        {list.map((code) => (
          <ClientCodeCard
            key={code.cc}
            code={code}
            to={BILLING_PATHS.code(code.cc)}
            payTo={access.features.payments ? BILLING_PATHS.pay(code.cc) : undefined}
            removing={dissociate.isPending && dissociate.variables === code.cc}
            onRemove={remove}
          />
        ))}
      </div>
    );
  }

  return (
    <div className="ov-codes" data-testid="client-codes">
      <div className="ov-page-header">
        <div>
          <h1>{t('billing.codes.title')}</h1>
          <p className="ov-codes__subtitle">
            {/* While the codes load: one line, as their summary will be (the empty state's longer
                text made the cards below jump up). */}
            {codes.isPending ? (
              <PendingLine />
            ) : list.length > 0 ? (
              t('billing.codes.summary', { count: list.length, debt: formatMoney(totalDebt) })
            ) : (
              t('billing.codes.subtitle')
            )}
          </p>
        </div>
        {codes.isPending || list.length > 0 ? (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setAdding(true)}
            data-testid="codes-add"
          >
            {t('billing.codes.add')}
          </Button>
        ) : null}
      </div>
      <LastKnownNotice asOf={oldestAsOf(list.map((code) => code.asOf))} />
      {body}
      <AddCodeDialog open={adding} onClose={() => setAdding(false)} />
    </div>
  );
}

/** Staff reach `/` or `/clientCodes` without codes of their own: point them to the lookup. */
function NotCustomer() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { access } = useCurrentUser();
  const canLookUp = canAccess({ permissions: [PERMISSIONS.INVOICE_READ] }, access);
  return (
    <Result
      status="info"
      // The page's one heading (focus moves to it on navigation), drawn as the result's title.
      title={
        <h1 style={{ font: 'inherit', color: 'inherit', margin: 0 }}>{t('billing.notCustomer.title')}</h1>
      }
      subTitle={t('billing.notCustomer.text')}
      extra={
        canLookUp ? (
          <Button type="primary" onClick={() => navigate(BILLING_PATHS.staffCodes)}>
            {t('billing.notCustomer.action')}
          </Button>
        ) : null
      }
    />
  );
}
