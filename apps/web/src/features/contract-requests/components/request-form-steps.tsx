import type { ContractRequestInput } from '@ov/domain/contract-request-input';
import { ATTACHMENT_MAX_BYTES, ATTACHMENTS_MAX, procedureNeedsReason } from '@ov/domain/contract-requests';
import type { ProcedureType } from '@ov/domain/enums';
import { findMunicipality, MUNICIPALITIES, POPULAR_COUNCILS, STREETS } from '@ov/domain/municipalities';
import {
  Alert,
  AutoComplete,
  Button,
  Checkbox,
  Form,
  type FormInstance,
  Input,
  InputNumber,
  Select,
  Upload,
} from 'antd';
import { type Dispatch, type SetStateAction, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Descriptions } from '../../../components/descriptions/descriptions';

/** The steps of the contract-request form that only show fields (the page keeps the flow). */

export interface ChosenFile {
  uid: string;
  file: File;
  kind: 'IDENTITY_DOCUMENT' | 'PROPERTY_TITLE' | 'OTHER';
}

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];

function useFormWords() {
  const { t } = useTranslation();
  return { t, f: (key: string) => t(`contractRequests.form.${key}`) };
}

/** Who asks: a person, or an entity with its representative and bank account. */
export function PersonStep({ residential, procedure }: { residential: boolean; procedure?: ProcedureType }) {
  const { f } = useFormWords();
  return (
    <div className="ov-cr__grid">
      {!residential ? (
        <>
          <Form.Item name="entity" label={f('entity')} required>
            <Input autoComplete="organization" />
          </Form.Item>
          <Form.Item name="entityCode" label={f('entityCode')}>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="legalRepresentative" label={f('legalRepresentative')} required>
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item name="bankAccount" label={f('bankAccount')} required>
            <Input inputMode="numeric" autoComplete="off" />
          </Form.Item>
        </>
      ) : null}
      <Form.Item name="fullName" label={residential ? f('fullName') : f('fullNameEntity')} required>
        <Input autoComplete="name" data-testid="cr-fullName" />
      </Form.Item>
      {residential ? (
        <Form.Item name="nationalId" label={f('nationalId')} required>
          <Input inputMode="numeric" maxLength={11} autoComplete="off" data-testid="cr-nationalId" />
        </Form.Item>
      ) : null}
      {procedure === 'OWNER_CHANGE' ? (
        <Form.Item name="owner" label={f('owner')} required>
          <Input autoComplete="off" />
        </Form.Item>
      ) : null}
      <Form.Item name="phone" label={f('phone')} extra={f('contactHelp')}>
        <Input type="tel" autoComplete="tel" data-testid="cr-phone" />
      </Form.Item>
      <Form.Item name="email" label={f('email')}>
        <Input type="email" autoComplete="email" data-testid="cr-email" />
      </Form.Item>
    </div>
  );
}

/** Where: municipality, popular council, street (suggested from the municipality's streets) and number. */
export function AddressStep({ form, municipality }: { form: FormInstance; municipality?: number }) {
  const { f } = useFormWords();
  const councils = municipality ? (POPULAR_COUNCILS[municipality] ?? []) : [];
  const streets = (municipality ? (STREETS[municipality] ?? []) : []).map((s) => ({ value: s }));
  const streetInput = (name: string, label: string, testId: string) => (
    <Form.Item name={['address', name]} label={label} required>
      <AutoComplete
        options={streets}
        filterOption={(input, option) =>
          String(option?.value ?? '')
            .toLowerCase()
            .includes(input.toLowerCase())
        }
      >
        <Input autoComplete="off" data-testid={testId} />
      </AutoComplete>
    </Form.Item>
  );
  return (
    <div className="ov-cr__grid">
      <Form.Item name="municipality" label={f('municipality')} required>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={MUNICIPALITIES.map((m) => ({ value: m.pk, label: m.municipio }))}
          onChange={() => form.setFieldValue('popularCouncil', undefined)}
          data-testid="cr-municipality"
        />
      </Form.Item>
      <Form.Item name="popularCouncil" label={f('popularCouncil')}>
        <Select allowClear options={councils.map((c) => ({ value: c, label: c }))} />
      </Form.Item>
      {streetInput('street', f('street'), 'cr-street')}
      <Form.Item name={['address', 'number']} label={f('number')} required>
        <Input autoComplete="off" data-testid="cr-number" />
      </Form.Item>
      {streetInput('between1', f('between1'), 'cr-between1')}
      {streetInput('between2', f('between2'), 'cr-between2')}
    </div>
  );
}

/** The service's details: people, meter, connection number, and the reason. */
export function DetailsStep({
  residential,
  procedure,
  metered,
}: {
  residential: boolean;
  procedure?: ProcedureType;
  metered?: boolean;
}) {
  const { f } = useFormWords();
  return (
    <>
      <div className="ov-cr__grid">
        {residential ? (
          <>
            <Form.Item
              name="nucleusPeople"
              label={f('nucleusPeople')}
              required={procedure === 'NEW_CONTRACT'}
            >
              <InputNumber min={1} max={30} style={{ width: '100%' }} data-testid="cr-nucleus" />
            </Form.Item>
            <Form.Item name="metered" valuePropName="checked" label=" ">
              <Checkbox>{f('metered')}</Checkbox>
            </Form.Item>
            {metered ? (
              <Form.Item name="hydrometerNumber" label={f('hydrometerNumber')} required>
                <Input autoComplete="off" />
              </Form.Item>
            ) : null}
            {procedure === 'NEW_CONNECTION' ? (
              <Form.Item name="connectionRequestNumber" label={f('connectionRequestNumber')} required>
                <Input autoComplete="off" />
              </Form.Item>
            ) : null}
          </>
        ) : null}
      </div>
      <Form.Item
        name="reason"
        label={f('reason')}
        extra={f('reasonHelp')}
        required={procedure ? procedureNeedsReason(procedure) : false}
      >
        <Input.TextArea rows={4} maxLength={1000} showCount />
      </Form.Item>
    </>
  );
}

/** Up to five images or PDFs, each with its kind; checked here before anything is sent. */
export function AttachmentsStep({
  files,
  setFiles,
}: {
  files: ChosenFile[];
  setFiles: Dispatch<SetStateAction<ChosenFile[]>>;
}) {
  const { t, f } = useFormWords();
  const [fileError, setFileError] = useState<string | null>(null);
  const addFile = (file: File) => {
    setFileError(null);
    if (files.length >= ATTACHMENTS_MAX) setFileError(f('tooManyFiles'));
    else if (!ACCEPTED.includes(file.type))
      setFileError(t('contractRequests.form.fileWrongType', { name: file.name }));
    else if (file.size > ATTACHMENT_MAX_BYTES)
      setFileError(t('contractRequests.form.fileTooBig', { name: file.name }));
    else
      setFiles((list) => [
        ...list,
        {
          uid: `${Date.now()}-${list.length}`,
          file,
          kind: list.some((x) => x.kind === 'IDENTITY_DOCUMENT') ? 'PROPERTY_TITLE' : 'IDENTITY_DOCUMENT',
        },
      ]);
    return false;
  };
  return (
    <>
      <p>{f('attachmentsIntro')}</p>
      <p>{f('attachmentsLimits')}</p>
      <Upload
        accept={ACCEPTED.join(',')}
        showUploadList={false}
        beforeUpload={addFile}
        multiple
        disabled={files.length >= ATTACHMENTS_MAX}
      >
        <Button data-testid="cr-add-file">{f('addFile')}</Button>
      </Upload>
      {fileError ? (
        <Alert className="ov-cr__section" type="error" showIcon message={fileError} role="alert" />
      ) : null}
      <ul className="ov-cr__files">
        {files.map((x) => (
          <li key={x.uid} className="ov-cr__file">
            <span className="ov-cr__file-name">{x.file.name}</span>
            <Select
              aria-label={`${f('steps.attachments')}: ${x.file.name}`}
              value={x.kind}
              style={{ minWidth: 180 }}
              onChange={(kind) => setFiles((list) => list.map((y) => (y.uid === x.uid ? { ...y, kind } : y)))}
              options={[
                { value: 'IDENTITY_DOCUMENT', label: f('identityDocument') },
                { value: 'PROPERTY_TITLE', label: f('propertyTitle') },
                { value: 'OTHER', label: f('other') },
              ]}
            />
            <Button onClick={() => setFiles((list) => list.filter((y) => y.uid !== x.uid))}>
              {t('contractRequests.form.removeFile', { name: x.file.name })}
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The review step: every answer given, as a list to read before sending. */
export function ReviewList({ values: v, files }: { values: ContractRequestInput; files: ChosenFile[] }) {
  const { t, f } = useFormWords();
  const labels = (group: 'sector' | 'procedure', key: string) => t(`contractRequests.labels.${group}.${key}`);
  const rows: [string, string | number | null | undefined][] = [
    [f('steps.sector'), v.sector && labels('sector', v.sector)],
    [f('steps.procedure'), v.procedureType && labels('procedure', v.procedureType)],
    [f('clientCode'), v.clientCode],
    [f('fullName'), v.fullName],
    [f('nationalId'), v.nationalId],
    [f('entity'), v.entity],
    [f('entityCode'), v.entityCode],
    [f('legalRepresentative'), v.legalRepresentative],
    [f('bankAccount'), v.bankAccount],
    [f('owner'), v.owner],
    [f('phone'), v.phone],
    [f('email'), v.email],
    [f('municipality'), v.municipality ? findMunicipality(v.municipality)?.municipio : null],
    [f('popularCouncil'), v.popularCouncil],
    [
      f('steps.address'),
      v.address?.street
        ? t('contractRequests.form.addressText', {
            street: v.address.street,
            number: v.address.number ?? '',
            a: v.address.between1 ?? '',
            b: v.address.between2 ?? '',
          })
        : null,
    ],
    [f('nucleusPeople'), v.nucleusPeople],
    [f('hydrometerNumber'), v.hydrometerNumber],
    [f('connectionRequestNumber'), v.connectionRequestNumber],
    [f('reason'), v.reason],
    [f('steps.attachments'), files.map((x) => x.file.name).join(', ')],
  ];
  return (
    <Descriptions column={1} bordered size="small" data-testid="cr-review">
      {rows
        .filter(([, value]) => value !== undefined && value !== null && value !== '')
        .map(([label, value]) => (
          <Descriptions.Item key={label} label={label}>
            {value}
          </Descriptions.Item>
        ))}
    </Descriptions>
  );
}
