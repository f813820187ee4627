import { agreementProblems, agreementSchedule } from '@ov/domain/agreements';
import { errorMessage } from '@ov/domain/errors';
import { centsToPesos, pesosToCents } from '@ov/domain/money';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Input, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { approveAgreement, type ContractRequest, rejectAgreement } from '../api/contract-requests';
import { AgreementSchedule } from './agreement-schedule';

/**
 * A payment agreement inside its request: the invoices, the plan asked and, once approved, the
 * schedule. Staff of the sector approve it (as asked or changed, previewed within the limits the
 * request was asked under) or reject it with a reason.
 */
export function AgreementPanel({
  request: r,
  staff,
  onDone,
}: {
  request: ContractRequest;
  staff: boolean;
  onDone: (next: ContractRequest) => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'es';
  const g = (k: string, o?: Record<string, unknown>) => t(`contractRequests.agreement.${k}`, o ?? {});
  const agreement = r.agreement!;
  const [dialog, setDialog] = useState<'approve' | 'reject' | null>(null);
  const [down, setDown] = useState<number | null>(centsToPesos(agreement.asked.downPaymentCents));
  const [instalments, setInstalments] = useState<number | null>(agreement.asked.instalments);
  const [text, setText] = useState('');
  const open = r.status !== 'SIGNED' && r.status !== 'ANNULLED';
  const plan = { downPaymentCents: pesosToCents(down ?? 0), instalments: instalments ?? 0 };
  const problems = agreementProblems(agreement.totalCents, plan, agreement.limits);
  const today = new Date().toISOString().slice(0, 10);

  const act = useMutation({
    mutationFn: () =>
      dialog === 'reject'
        ? rejectAgreement(r.requestId, text, r.version)
        : approveAgreement(r.requestId, { ...plan, answer: text.trim() || undefined, version: r.version }),
    onSuccess: async (next) => {
      notify.success(g(next.status === 'SIGNED' ? 'approved' : 'rejected'));
      setDialog(null);
      setText('');
      await onDone(next);
    },
    onError: (err) => notify.error(err),
  });

  return (
    <section className="ov-cr__section ov-agreement" data-testid="agreement-panel">
      <h3>{g('title')}</h3>
      <ul className="ov-agreement__invoices">
        {agreement.invoices.map((i) => (
          <li key={i.id}>
            {g('invoiceLine', { number: i.number, date: formatDate(i.issuedOn, i18n.language) })}{' '}
            <strong>{formatMoney(i.dueCents)}</strong>
          </li>
        ))}
      </ul>
      <p>
        {g('total')}: <strong data-testid="agreement-total">{formatMoney(agreement.totalCents)}</strong>
      </p>
      <p>
        {g('asked', {
          down: formatMoney(agreement.asked.downPaymentCents),
          count: agreement.asked.instalments,
        })}
      </p>
      {agreement.approved ? (
        <AgreementSchedule items={agreement.approved.schedule} caption={g('approvedSchedule')} />
      ) : null}
      {staff && open ? (
        <div className="ov-cr__actions">
          <Button type="primary" onClick={() => setDialog('approve')} data-testid="agreement-approve">
            {g('approve')}
          </Button>
          <Button danger onClick={() => setDialog('reject')} data-testid="agreement-reject">
            {g('reject')}
          </Button>
        </div>
      ) : null}
      <Modal
        open={dialog !== null}
        title={dialog === 'reject' ? g('reject') : g('approve')}
        okText={t('contractRequests.actions.confirm')}
        cancelText={t('contractRequests.actions.cancel')}
        okButtonProps={{
          danger: dialog === 'reject',
          disabled: dialog === 'reject' ? !text.trim() : problems.length > 0,
          loading: act.isPending,
          'data-testid': 'agreement-confirm',
        }}
        onOk={() => act.mutate()}
        onCancel={() => setDialog(null)}
        destroyOnHidden
        width={560}
      >
        {dialog === 'approve' ? (
          <div className="ov-agreement__plan">
            <label htmlFor="agreement-down">{g('downPayment')}</label>
            <InputNumber
              id="agreement-down"
              min={0}
              step={1}
              prefix="$"
              precision={2}
              value={down}
              onChange={setDown}
              data-testid="approve-down"
            />
            <label htmlFor="agreement-instalments">{g('instalments')}</label>
            <InputNumber
              id="agreement-instalments"
              min={1}
              max={agreement.limits.maxInstalments}
              value={instalments}
              onChange={setInstalments}
              data-testid="approve-instalments"
            />
            {problems.length ? (
              <Alert
                type="warning"
                showIcon
                title={errorMessage('BADREQUESTERROR', problems[0].reference, lang)}
              />
            ) : (
              <AgreementSchedule
                items={agreementSchedule(agreement.totalCents, plan, today)}
                caption={g('preview')}
              />
            )}
          </div>
        ) : null}
        <label htmlFor="agreement-text">{dialog === 'reject' ? g('rejectReason') : g('answer')}</label>
        <Input.TextArea
          id="agreement-text"
          rows={3}
          maxLength={2000}
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid="agreement-text"
        />
      </Modal>
    </section>
  );
}
