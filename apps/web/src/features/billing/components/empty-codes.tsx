import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui';
import { InvoiceDrawing } from './invoice-drawing';

/** No codes yet: what a client code is and where it is printed on the invoice. */
export function EmptyCodes({ onAdd }: { onAdd: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="ov-codes-empty" data-testid="codes-empty">
      <div className="ov-codes-empty__text">
        <h2>{t('billing.empty.title')}</h2>
        <p>{t('billing.empty.text')}</p>
        <p>{t('billing.empty.where')}</p>
        <Button
          type="primary"
          size="large"
          icon={<PlusOutlined />}
          onClick={onAdd}
          data-testid="codes-empty-add"
        >
          {t('billing.empty.action')}
        </Button>
      </div>
      <InvoiceDrawing highlight="cc" className="ov-codes-empty__drawing" />
    </section>
  );
}
