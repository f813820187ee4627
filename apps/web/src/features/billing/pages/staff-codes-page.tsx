import '../i18n';
import '../billing.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPage } from '../../../components/list-page/list-page';
import type { ListColumn } from '../../../components/list-page/types';
import { Tag } from '../../../components/ui';
import { addressOf } from '../api/get-overview';
import { ACCOUNTS_QUERY_KEY, accountsListQuery } from '../api/search-accounts';
import { BILLING_PATHS } from '../paths';
import type { StaffAccount } from '../types';
import '../../../components/text/text.css';

/** Staff lookup of client codes (INVOICE:READ): search by exact code or holder name, open read-only. */
export default function StaffCodesPage() {
  const { t } = useTranslation();
  const columns: ListColumn<StaffAccount>[] = [
    {
      key: 'cc',
      title: t('billing.staff.cc'),
      dataIndex: 'cc',
      render: (value) => (
        <Link
          to={BILLING_PATHS.staffCode(String(value))}
          className="ov-staff-codes__cc"
          data-testid="staff-code-link"
        >
          {String(value)}
        </Link>
      ),
    },
    {
      key: 'holder',
      title: t('billing.staff.holder'),
      dataIndex: 'holder',
      render: (value) => <strong className="ov-strong">{String(value)}</strong>,
    },
    {
      key: 'address',
      title: t('billing.detail.address'),
      render: (_value, row) => addressOf(row),
    },
    { key: 'municipality', title: t('billing.staff.municipality'), dataIndex: 'municipality' },
    {
      key: 'clientType',
      title: t('billing.staff.clientType'),
      dataIndex: 'clientType',
      render: (value) => t(`clientTypes.${value}`, { defaultValue: String(value) }),
    },
    {
      key: 'status',
      title: t('billing.staff.status'),
      dataIndex: 'active',
      render: (value) => (
        <Tag color={value ? 'green' : 'default'}>
          {t(value ? 'billing.codes.active' : 'billing.codes.inactive')}
        </Tag>
      ),
    },
    {
      key: 'associated',
      title: t('billing.staff.associated'),
      dataIndex: 'associated',
      render: (value) => (
        <Tag color={value ? 'blue' : 'default'}>
          {t(value ? 'billing.staff.associatedYes' : 'billing.staff.associatedNo')}
        </Tag>
      ),
    },
  ];

  return (
    <ListPage<StaffAccount>
      tableId="billing-accounts"
      title={t('billing.staff.title')}
      basePath={BILLING_PATHS.staffCodes}
      queryKeyPrefix={ACCOUNTS_QUERY_KEY}
      query={accountsListQuery}
      columns={columns}
      rowKey={(row) => row.cc}
      searchPlaceholder={t('billing.staff.searchPlaceholder')}
    />
  );
}
