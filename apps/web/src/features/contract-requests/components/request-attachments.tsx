import { useMutation } from '@tanstack/react-query';
import { Button, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '../../../components/native-select/native-select';
import { notify } from '../../../lib/notify';
import { type ContractRequest, openAttachment, uploadAttachment } from '../api/contract-requests';

/** The request's documents; its owner adds more while it is open (five at most). */
export function RequestAttachments({
  request: r,
  ownerMayAdd,
  onAdded,
}: {
  request: ContractRequest;
  ownerMayAdd: boolean;
  onAdded: () => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const f = (k: string) => t(`contractRequests.fields.${k}`);
  const form = (k: string) => t(`contractRequests.form.${k}`);
  const requestId = r.requestId;
  const [kind, setKind] = useState<'IDENTITY_DOCUMENT' | 'PROPERTY_TITLE' | 'OTHER'>('IDENTITY_DOCUMENT');
  const attach = useMutation({
    mutationFn: (file: File) => uploadAttachment(requestId, file, kind, undefined, i18n.language),
    onSuccess: () => onAdded(),
    onError: (err) => notify.error(err),
  });

  return (
    <section className="ov-cr__section">
      <h3>{f('attachments')}</h3>
      <ul>
        {r.attachments.map((x) => (
          <li key={x._id}>
            <Button type="link" onClick={() => openAttachment(r.requestId, x).catch(notify.error)}>
              {t(
                `contractRequests.form.${x.kind === 'IDENTITY_DOCUMENT' ? 'identityDocument' : x.kind === 'PROPERTY_TITLE' ? 'propertyTitle' : 'other'}`,
              )}
              : {x.fileName}
            </Button>
          </li>
        ))}
      </ul>
      {ownerMayAdd && r.attachments.length < 5 ? (
        <div className="ov-cr__actions">
          <NativeSelect
            aria-label={form('steps.attachments')}
            value={kind}
            onChange={(next) => setKind(next ?? 'IDENTITY_DOCUMENT')}
            className="ov-cr__attachment-kind"
            options={[
              { value: 'IDENTITY_DOCUMENT', label: form('identityDocument') },
              { value: 'PROPERTY_TITLE', label: form('propertyTitle') },
              { value: 'OTHER', label: form('other') },
            ]}
          />
          <Upload
            accept="image/jpeg,image/png,image/webp,application/pdf"
            showUploadList={false}
            beforeUpload={(file) => {
              attach.mutate(file);
              return false;
            }}
          >
            <Button loading={attach.isPending} data-testid="owner-attach">
              {form('addFile')}
            </Button>
          </Upload>
        </div>
      ) : null}
    </section>
  );
}
