import { DeleteOutlined, EnvironmentOutlined, RightOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Card } from '../../../components/card/card';
import { Button, Popconfirm, Tag } from '../../../components/ui';
import { formatMoney } from '../../../lib/format';
import type { ClientCodeSummary } from '../types';

interface ClientCodeCardProps {
  code: ClientCodeSummary;
  to: string;
  payTo?: string;
  removing?: boolean;
  onRemove: (cc: string) => void;
}

/** One of the customer's codes: holder, address, debt, advance balance and status. */
export function ClientCodeCard({ code, to, payTo, removing, onRemove }: ClientCodeCardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const owes = code.totalDebtCents > 0;
  return (
    <Card className="ov-code-card" data-testid="code-card" data-cc={code.cc}>
      <div className="ov-code-card__head">
        <div>
          <div className="ov-code-card__label">{t('billing.add.cc')}</div>
          <Link to={to} className="ov-code-card__cc">
            {code.cc}
          </Link>
        </div>
        <Tag color={code.active ? 'green' : 'default'} className="ov-code-card__status">
          {t(code.active ? 'billing.codes.active' : 'billing.codes.inactive')}
        </Tag>
      </div>
      <div className="ov-code-card__who">
        <div className="ov-code-card__line">
          <UserOutlined />
          <strong>{code.holder}</strong>
        </div>
        <div className="ov-code-card__line ov-code-card__address">
          <EnvironmentOutlined />
          <div>
            {code.address}
            <span className="ov-code-card__municipality">{code.municipality}</span>
          </div>
        </div>
      </div>
      <div className="ov-code-card__money">
        <div className={owes ? 'ov-code-card__debt ov-code-card__debt--owes' : 'ov-code-card__debt'}>
          <span>{t('billing.codes.debt')}</span>
          <strong data-testid="code-debt">{formatMoney(code.totalDebtCents)}</strong>
          {owes ? null : <small>{t('billing.codes.noDebt')}</small>}
        </div>
        <div className="ov-code-card__advance">
          <span>{t('billing.codes.advance')}</span>
          <strong>{formatMoney(code.advanceBalanceCents)}</strong>
        </div>
      </div>
      <div className="ov-code-card__actions">
        <Popconfirm
          title={t('billing.codes.removeConfirmTitle', { cc: code.cc })}
          description={t('billing.codes.removeConfirmText')}
          okText={t('billing.codes.remove')}
          cancelText={t('common.cancel')}
          okButtonProps={{ danger: true, loading: removing }}
          onConfirm={() => onRemove(code.cc)}
        >
          <Button type="text" danger icon={<DeleteOutlined />} data-testid="code-remove">
            {/* On phones the bin alone (the name stays for screen readers): the three actions keep one line. */}
            <span className="ov-code-card__remove-label">{t('billing.codes.remove')}</span>
          </Button>
        </Popconfirm>
        <span className="ov-code-card__spacer" />
        {payTo && owes && code.active ? (
          <Button onClick={() => navigate(payTo)} data-testid="code-pay">
            {t('billing.detail.pay')}
          </Button>
        ) : null}
        <Button
          type="primary"
          icon={<RightOutlined />}
          iconPlacement="end"
          onClick={() => navigate(to)}
          data-testid="code-open"
        >
          {t('billing.codes.open')}
        </Button>
      </div>
    </Card>
  );
}
