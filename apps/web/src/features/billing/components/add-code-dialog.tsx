import { isValidClientCode, normalizeClientCode } from '@ov/domain';
import { Alert, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguageForm } from '../../../components/form/use-language-form';
import { isApiError } from '../../../lib/api-error';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/notify';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useAssociateCc } from '../api/associate-cc';
import { InvoiceDrawing } from './invoice-drawing';

interface AddCodeDialogProps {
  open: boolean;
  onClose: () => void;
  onAdded?: (cc: string) => void;
}

interface AddCodeValues {
  cc: string;
  proof: string;
}

/** "Agregar código": the client code plus an ownership proof printed on the invoice. */
export function AddCodeDialog({ open, onClose, onAdded }: AddCodeDialogProps) {
  const { t, i18n } = useTranslation();
  const isMobile = useIsMobile();
  const [form] = useLanguageForm<AddCodeValues>();
  const associate = useAssociateCc();

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return; // the form shows what is missing
    const cc = normalizeClientCode(values.cc);
    const added = await associate.mutateAsync({ cc, proof: values.proof.trim() }).catch(() => null);
    if (!added) return;
    notify.success(t('billing.codes.added', { cc: added.cc }));
    onAdded?.(added.cc);
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('billing.add.title')}
      onCancel={onClose}
      onOk={submit}
      okText={t('billing.add.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={associate.isPending}
      okButtonProps={{ 'data-testid': 'add-code-submit' } as never}
      width={isMobile ? undefined : 680}
      afterClose={() => {
        form.resetFields();
        associate.reset();
      }}
      centered={!isMobile}
    >
      <div className="ov-add-code" data-testid="add-code-dialog">
        <Form
          form={form}
          layout="vertical"
          requiredMark="optional"
          onFinish={submit}
          className="ov-add-code__form"
        >
          <Form.Item
            name="cc"
            label={t('billing.add.cc')}
            extra={t('billing.add.ccHelp')}
            rules={[
              { required: true, whitespace: true, message: t('billing.add.required') },
              {
                validator: (_rule, value: string | undefined) =>
                  !value?.trim() || isValidClientCode(value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('billing.add.ccInvalid'))),
              },
            ]}
          >
            <Input
              inputMode="numeric"
              autoComplete="off"
              placeholder={t('billing.add.ccPlaceholder')}
              maxLength={40}
              data-testid="add-code-cc"
            />
          </Form.Item>
          <Form.Item
            name="proof"
            label={t('billing.add.proof')}
            rules={[{ required: true, whitespace: true, message: t('billing.add.required') }]}
          >
            <Input
              autoComplete="off"
              placeholder={t('billing.add.proofPlaceholder')}
              maxLength={60}
              onPressEnter={submit}
              data-testid="add-code-proof"
            />
          </Form.Item>
          <div className="ov-add-code__help">
            <p>{t('billing.add.proofHelp')}</p>
            <ul>
              <li>{t('billing.add.proofContract')}</li>
              <li>{t('billing.add.proofInvoice')}</li>
            </ul>
          </div>
          {associate.error ? (
            <Alert
              type="error"
              showIcon
              title={
                // An unknown code is named as such, not as a generic "not found".
                isApiError(associate.error) && associate.error.status === 404
                  ? t('billing.add.unknownCode')
                  : errorText(associate.error, t, i18n.language)
              }
              data-testid="add-code-error"
            />
          ) : null}
        </Form>
        <InvoiceDrawing highlight="all" className="ov-add-code__drawing" />
      </div>
    </Modal>
  );
}
