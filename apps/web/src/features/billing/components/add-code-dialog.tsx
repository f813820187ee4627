import { isValidClientCode, normalizeClientCode } from '@ov/domain/billing/client-code';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/form-kit/field';
import { TextInput } from '../../../components/form-kit/inputs';
import { type FieldChecks, useForm } from '../../../components/form-kit/use-form';
import { ModalDialog } from '../../../components/modal-dialog/modal-dialog';
import { Alert } from '../../../components/ui';
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

/** The API's "client code does not exist" (result code 5; NOTFOUND from an older API). */
function isUnknownCode(error: unknown) {
  if (!isApiError(error)) return false;
  return (error.name === 'PAYMENTRESULT' && error.reference === 5) || error.status === 404;
}

/** "Agregar código": the client code plus an ownership proof printed on the invoice. */
export function AddCodeDialog({ open, onClose, onAdded }: AddCodeDialogProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const associate = useAssociateCc();
  const formId = useId();
  // A new form (empty, nothing checked) each time the dialog has closed.
  const [round, setRound] = useState(0);

  return (
    <ModalDialog
      open={open}
      title={t('billing.add.title')}
      onCancel={onClose}
      okText={t('billing.add.submit')}
      cancelText={t('common.cancel')}
      confirmLoading={associate.isPending}
      okButtonProps={{ htmlType: 'submit', form: formId, 'data-testid': 'add-code-submit' }}
      width={isMobile ? undefined : 680}
      centered={!isMobile}
      afterClose={() => {
        setRound((previous) => previous + 1);
        associate.reset();
      }}
    >
      <AddCodeForm
        key={round}
        formId={formId}
        associate={associate}
        onAdded={(cc) => {
          notify.success(t('billing.codes.added', { cc }));
          onAdded?.(cc);
          onClose();
        }}
      />
    </ModalDialog>
  );
}

function AddCodeForm({
  formId,
  associate,
  onAdded,
}: {
  formId: string;
  associate: ReturnType<typeof useAssociateCc>;
  onAdded: (cc: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const required = (value: unknown) => (String(value ?? '').trim() ? undefined : t('billing.add.required'));
  const checks: FieldChecks<AddCodeValues> = {
    cc: (value) =>
      required(value) ?? (isValidClientCode(String(value)) ? undefined : t('billing.add.ccInvalid')),
    proof: required,
  };
  const form = useForm<AddCodeValues>({ initialValues: { cc: '', proof: '' }, checks, idPrefix: 'add_code' });

  const submit = form.handleSubmit(async (values) => {
    if (associate.isPending) return;
    const cc = normalizeClientCode(values.cc);
    const added = await associate.mutateAsync({ cc, proof: values.proof.trim() }).catch(() => null);
    if (added) onAdded(added.cc);
  });

  return (
    <div className="ov-add-code" data-testid="add-code-dialog">
      <form id={formId} onSubmit={submit} noValidate className="ov-add-code__form">
        <Field
          {...form.fieldOf('cc')}
          label={t('billing.add.cc')}
          help={t('billing.add.ccHelp')}
          className="ov-add-code__cc"
        >
          <TextInput
            {...form.bind('cc', { help: true })}
            inputMode="numeric"
            autoComplete="off"
            placeholder={t('billing.add.ccPlaceholder')}
            maxLength={40}
            data-testid="add-code-cc"
          />
        </Field>
        <Field {...form.fieldOf('proof')} label={t('billing.add.proof')}>
          <TextInput
            {...form.bind('proof')}
            autoComplete="off"
            placeholder={t('billing.add.proofPlaceholder')}
            maxLength={60}
            data-testid="add-code-proof"
          />
        </Field>
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
              // An unknown code (the spec's result code 5) is named as such, with where to check it.
              isUnknownCode(associate.error)
                ? t('billing.add.unknownCode')
                : errorText(associate.error, t, i18n.language)
            }
            data-testid="add-code-error"
          />
        ) : null}
      </form>
      <InvoiceDrawing highlight="all" className="ov-add-code__drawing" />
    </div>
  );
}
