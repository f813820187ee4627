import '../i18n';
import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENTS_MAX,
  CONTRACT_SECTORS,
  type ContractRequestInput,
  type ContractRequestProblem,
  contractRequestProblems,
  errorMessage,
  findMunicipality,
  MUNICIPALITIES,
  POPULAR_COUNCILS,
  PROCEDURE_TYPES,
  type ProcedureType,
  procedureNamesCode,
  procedureNeedsReason,
  STREETS,
  VALIDATION_MESSAGES,
} from '@ov/domain';
import {
  Alert,
  AutoComplete,
  Button,
  Checkbox,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Radio,
  Select,
  Steps,
  Upload,
} from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageForm } from '../../../components/form/use-language-form';
import { isApiError } from '../../../lib/api-error';
import { type Created, sendRequest, type ValidateReq, validateReq } from '../api/contract-requests';
import { RequestFrame } from '../components/request-frame';
import { RequestSent } from '../components/request-sent';

const STEPS = ['sector', 'procedure', 'person', 'address', 'details', 'attachments', 'review'] as const;
type StepKey = (typeof STEPS)[number];

/** Which fields each step shows, so a problem sends the user to the step that fixes it. */
const STEP_FIELDS: Record<StepKey, string[]> = {
  sector: ['sector'],
  procedure: ['procedureType', 'clientCode', 'proof'],
  person: [
    'fullName',
    'nationalId',
    'entity',
    'entityCode',
    'legalRepresentative',
    'bankAccount',
    'owner',
    'phone',
    'email',
  ],
  address: [
    'municipality',
    'popularCouncil',
    'address.street',
    'address.number',
    'address.between1',
    'address.between2',
  ],
  details: ['nucleusPeople', 'metered', 'hydrometerNumber', 'connectionRequestNumber', 'reason'],
  attachments: [],
  review: [],
};
const stepOf = (field: string) => STEPS.findIndex((s) => STEP_FIELDS[s].includes(field));

export interface ChosenFile {
  uid: string;
  file: File;
  kind: 'IDENTITY_DOCUMENT' | 'PROPERTY_TITLE' | 'OTHER';
}

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'];
type Values = ContractRequestInput & { address?: ContractRequestInput['address'] };

/** `/contract-request`: the step-by-step form, anonymous or signed in (design §5). */
export default function ContractRequestPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'es';
  const [form] = useLanguageForm();
  const [step, setStep] = useState(0);
  const [files, setFiles] = useState<ChosenFile[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [code, setCode] = useState<{
    state: 'idle' | 'checking' | 'done';
    result?: ValidateReq;
    error?: string;
  }>({ state: 'idle' });
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ created: Created; email: string | null } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const f = (key: string) => t(`contractRequests.form.${key}`);

  const sector = Form.useWatch('sector', form);
  const procedure = Form.useWatch('procedureType', form) as ProcedureType | undefined;
  const municipality = Form.useWatch('municipality', form);
  const metered = Form.useWatch('metered', form);
  const residential = sector === 'RESIDENTIAL';
  const namesCode = procedure ? procedureNamesCode(procedure) : false;

  // Focus follows the step: screen-reader and keyboard users land on the new step's title.
  // Focus follows the step (not on arrival): screen-reader and keyboard users land on the new title.
  const moved = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the step changes
  useEffect(() => {
    if (moved.current) heading.current?.focus();
    moved.current = true;
  }, [step]);

  const messageOf = (p: ContractRequestProblem) =>
    p.kind === 'required' && p.reference !== 436
      ? VALIDATION_MESSAGES[lang].required
      : errorMessage('BADREQUESTERROR', p.reference, lang);

  const current = (): ContractRequestInput => {
    const v = form.getFieldsValue(true) as Values;
    return { ...v, sector: v.sector ?? '', procedureType: v.procedureType ?? '' };
  };

  /** Shows the problems of the given steps beside their fields; true when there are none. */
  const checkSteps = (upTo: number, callerHasCode: boolean) => {
    const problems = contractRequestProblems(current(), { callerHasCode }).filter((p) => {
      const s = stepOf(p.field);
      return s >= 0 && s <= upTo;
    });
    const fields = new Set(STEPS.slice(0, upTo + 1).flatMap((s) => STEP_FIELDS[s]));
    form.setFields(
      [...fields].map((name) => ({
        name: name.split('.'),
        errors: problems.filter((p) => p.field === name).map(messageOf),
      })),
    );
    if (problems.length) {
      const first = Math.min(...problems.map((p) => stepOf(p.field)));
      setStep(first);
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>('.ov-cr__step .ant-form-item-has-error input')?.focus(),
      );
    }
    return problems.length === 0;
  };

  const ownerOfCode = Boolean(
    code.result && code.result.hasDebt !== undefined && !form.getFieldValue('proof'),
  );

  /** The procedure step asks validate-req before going on (unknown, inactive, other sector, open, debt). */
  const checkCode = async (): Promise<boolean> => {
    const v = current();
    if (!v.clientCode || !procedure) return false;
    setCode({ state: 'checking' });
    try {
      const result = await validateReq(v.clientCode, procedure, v.proof ?? undefined);
      const error = !result.valid
        ? f('codeUnknown')
        : !result.active
          ? f('codeInactive')
          : result.clientType && result.clientType !== sector
            ? f('codeOtherSector')
            : result.openRequestId
              ? t('contractRequests.form.codeOpen', { id: result.openRequestId })
              : undefined;
      setCode({ state: 'done', result, error });
      return !error;
    } catch (err) {
      setCode({ state: 'done', error: isApiError(err) ? err.message : String(err) });
      return false;
    }
  };

  const next = async () => {
    if (!checkSteps(step, ownerOfCode)) return;
    if (STEPS[step] === 'procedure' && namesCode && !(await checkCode())) return;
    setStep((s) => Math.min(s + 1, STEPS.length - 1));
  };

  const send = async () => {
    if (!checkSteps(STEPS.length - 1, ownerOfCode)) return;
    setSending(true);
    setSendError(null);
    try {
      const input = current();
      const answer = await sendRequest(input);
      setCreated({ created: answer, email: input.email?.trim() || null });
    } catch (err) {
      if (isApiError(err)) {
        const field = (err.details as { field?: string } | undefined)?.field;
        if (field && stepOf(field) >= 0) {
          form.setFields([{ name: field.split('.'), errors: [err.message] }]);
          setStep(stepOf(field));
        } else setSendError(err.message);
      } else setSendError(String(err));
    } finally {
      setSending(false);
    }
  };

  if (created)
    return (
      <RequestFrame>
        <RequestSent created={created.created} email={created.email} files={files} />
      </RequestFrame>
    );

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

  const labels = (group: 'sector' | 'procedure', key: string) => t(`contractRequests.labels.${group}.${key}`);
  const review = () => {
    const v = current();
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
  };

  const key = STEPS[step];
  return (
    <RequestFrame>
      <h1>{f('title')}</h1>
      <p className="ov-cr__intro">{f('intro')}</p>
      <p className="ov-cr__step-count">
        {t('contractRequests.form.stepOf', { n: step + 1, total: STEPS.length })}
      </p>
      <Steps
        className="ov-cr__steps"
        size="small"
        current={step}
        responsive
        items={STEPS.map((s) => ({ key: s, title: f(`steps.${s}`) }))}
      />
      <Form
        form={form}
        layout="vertical"
        requiredMark
        onFinish={key === 'review' ? send : next}
        initialValues={{ metered: false }}
      >
        <section className="ov-cr__step" aria-labelledby="cr-step-title">
          <h2 id="cr-step-title" tabIndex={-1} ref={heading}>
            {f(`steps.${key}`)}
          </h2>
          <div hidden={key !== 'sector'}>
            <Form.Item name="sector" label={f('sectorQuestion')} required>
              <Radio.Group className="ov-cr__choices" onChange={() => setCode({ state: 'idle' })}>
                {CONTRACT_SECTORS.map((s) => (
                  <Radio key={s} value={s} className="ov-cr__choice" data-testid={`sector-${s}`}>
                    <strong>{labels('sector', s)}</strong>
                    <span>{t(`contractRequests.form.sectorHelp.${s}`)}</span>
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
          </div>
          <div hidden={key !== 'procedure'}>
            <Form.Item name="procedureType" label={f('procedureQuestion')} required>
              <Radio.Group className="ov-cr__choices" onChange={() => setCode({ state: 'idle' })}>
                {PROCEDURE_TYPES.map((p) => (
                  <Radio key={p} value={p} className="ov-cr__choice" data-testid={`procedure-${p}`}>
                    <strong>{labels('procedure', p)}</strong>
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
            {namesCode ? (
              <div className="ov-cr__grid">
                <Form.Item name="clientCode" label={f('clientCode')} extra={f('clientCodeHelp')} required>
                  <Input inputMode="numeric" autoComplete="off" onChange={() => setCode({ state: 'idle' })} />
                </Form.Item>
                <Form.Item name="proof" label={f('proof')} extra={f('proofHelp')}>
                  <Input autoComplete="off" onChange={() => setCode({ state: 'idle' })} />
                </Form.Item>
              </div>
            ) : null}
            <div aria-live="polite">
              {code.state === 'checking' ? <Alert type="info" showIcon message={f('checking')} /> : null}
              {code.state === 'done' && code.error ? (
                <Alert type="error" showIcon message={code.error} data-testid="code-problem" />
              ) : null}
              {code.state === 'done' && !code.error && code.result?.hasDebt ? (
                <Alert type="warning" showIcon message={f('codeDebt')} />
              ) : null}
              {code.state === 'done' && !code.error && !code.result?.hasDebt ? (
                <Alert type="success" showIcon message={f('codeOk')} />
              ) : null}
            </div>
          </div>
          <div hidden={key !== 'person'}>
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
          </div>
          <div hidden={key !== 'address'}>
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
          </div>
          <div hidden={key !== 'details'}>
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
          </div>
          <div hidden={key !== 'attachments'}>
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
              <Alert className="ov-cr__section" type="error" showIcon message={fileError} />
            ) : null}
            <ul className="ov-cr__files">
              {files.map((x) => (
                <li key={x.uid} className="ov-cr__file">
                  <span className="ov-cr__file-name">{x.file.name}</span>
                  <Select
                    aria-label={`${f('steps.attachments')}: ${x.file.name}`}
                    value={x.kind}
                    style={{ minWidth: 180 }}
                    onChange={(kind) =>
                      setFiles((list) => list.map((y) => (y.uid === x.uid ? { ...y, kind } : y)))
                    }
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
          </div>
          {key === 'review' ? (
            <>
              <p>{f('reviewIntro')}</p>
              {review()}
              {sendError ? (
                <Alert className="ov-cr__section" type="error" showIcon message={sendError} role="alert" />
              ) : null}
            </>
          ) : null}
        </section>
        <div className="ov-cr__nav">
          <Button onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0}>
            {f('back')}
          </Button>
          <Button
            type="primary"
            htmlType="submit"
            loading={sending || code.state === 'checking'}
            data-testid="cr-next"
          >
            {key === 'review' ? (sending ? f('sending') : f('send')) : f('next')}
          </Button>
        </div>
      </Form>
    </RequestFrame>
  );
}
