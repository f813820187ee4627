import '../i18n';
import {
  type ContractRequestInput,
  type ContractRequestProblem,
  contractRequestProblems,
} from '@ov/domain/contract-request-input';
import { CONTRACT_SECTORS, procedureNamesCode } from '@ov/domain/contract-requests';
import { CONTRACT_FORM_PROCEDURES, type ProcedureType } from '@ov/domain/enums';
import { errorMessage } from '@ov/domain/errors';
import { VALIDATION_MESSAGES } from '@ov/domain/validation/messages';
import { Alert, Button, Form, Radio, Steps } from 'antd';
import { useContext, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageForm } from '../../../components/form/use-language-form';
import { isApiError } from '../../../lib/api-error';
import { CurrentUserContext } from '../../../lib/current-user';
import { type Created, sendRequest, type ValidateReq, validateReq } from '../api/contract-requests';
import { CodeFields, CustomerCodeFields } from '../components/client-code-fields';
import {
  AddressStep,
  AttachmentsStep,
  type ChosenFile,
  DetailsStep,
  PersonStep,
  ReviewList,
} from '../components/request-form-steps';
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

type Values = ContractRequestInput & { address?: ContractRequestInput['address'] };

/** `/contract-request`: the step-by-step form, anonymous or signed in (design §5). */
export default function ContractRequestPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'es';
  const [form] = useLanguageForm();
  const [step, setStep] = useState(0);
  const [files, setFiles] = useState<ChosenFile[]>([]);
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
  // A signed-in customer chooses among her own codes (no proof needed); she may still type another.
  const customer = useContext(CurrentUserContext)?.access.isCustomer ?? false;

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

  const labels = (group: 'sector' | 'procedure', key: string) => t(`contractRequests.labels.${group}.${key}`);
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
                {CONTRACT_FORM_PROCEDURES.map((p) => (
                  <Radio key={p} value={p} className="ov-cr__choice" data-testid={`procedure-${p}`}>
                    <strong>{labels('procedure', p)}</strong>
                  </Radio>
                ))}
              </Radio.Group>
            </Form.Item>
            {namesCode ? (
              customer ? (
                <CustomerCodeFields form={form} onChange={() => setCode({ state: 'idle' })} />
              ) : (
                <CodeFields onChange={() => setCode({ state: 'idle' })} />
              )
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
            <PersonStep residential={residential} procedure={procedure} />
          </div>
          <div hidden={key !== 'address'}>
            <AddressStep form={form} municipality={municipality} />
          </div>
          <div hidden={key !== 'details'}>
            <DetailsStep residential={residential} procedure={procedure} metered={metered} />
          </div>
          <div hidden={key !== 'attachments'}>
            <AttachmentsStep files={files} setFiles={setFiles} />
          </div>
          {key === 'review' ? (
            <>
              <p>{f('reviewIntro')}</p>
              <ReviewList values={current()} files={files} />
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
