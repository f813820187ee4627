import { isOpenRequest, mayProcessSector, staffTransitionsFrom } from '@ov/domain/contract-requests';
import type { ContractRequestStatus } from '@ov/domain/enums';
import { findMunicipality } from '@ov/domain/municipalities';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Input, Modal, Skeleton, Timeline } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Descriptions } from '../../../components/descriptions/descriptions';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { useCurrentUser } from '../../../lib/current-user';
import { downloadPdf } from '../../../lib/download-pdf';
import { formatDate, formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import {
  annul,
  CONTRACT_REQUESTS_KEY,
  type ContractRequest,
  contractPath,
  requestQuery,
  transition,
} from '../api/contract-requests';
import { AgreementPanel } from './agreement-panel';
import { RequestAttachments } from './request-attachments';
import { StaffFields } from './staff-fields';
import { StatusTag } from './status-tag';

const ACTION_LABEL: Partial<Record<`${ContractRequestStatus}>${ContractRequestStatus}`, string>> = {
  'NEW>PENDING': 'take',
  'PENDING>REVIEW': 'toReview',
  'REVIEW>PENDING': 'backToPending',
  'REVIEW>SIGNATURE_READY': 'toSignature',
  'SIGNATURE_READY>REVIEW': 'backToReview',
  'SIGNATURE_READY>SIGNED': 'sign',
};

/**
 * Words the office wrote (answers, the annulment's reason): stored as written, in Spanish. Marked
 * `lang="es"` for screen readers and, on a page in another language, captioned as the office's own words.
 */
export function OfficeWords({
  text,
  language,
  block = false,
}: {
  text: string;
  language: string;
  block?: boolean;
}) {
  const { t } = useTranslation();
  const Tag = block ? 'p' : 'span';
  return (
    <Tag className={block ? 'ov-cr__answer' : 'ov-cr__words'}>
      {language === 'es' ? null : (
        <span className="ov-cr__words-caption">{t('contractRequests.fields.officeWords')} </span>
      )}
      <span lang="es">{text}</span>
    </Tag>
  );
}

type Dialog = { kind: 'move'; to: ContractRequestStatus } | { kind: 'answer' } | { kind: 'annul' } | null;

/** A request with everything: its fields, documents, history and answers; staff also act on it here. */
export function RequestDetails({ requestId }: { requestId: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { access } = useCurrentUser();
  const query = useQuery(requestQuery(requestId));
  const [dialog, setDialog] = useState<Dialog>(null);
  const [text, setText] = useState('');
  const r = query.data;
  const lang = i18n.language;
  const a = (k: string, o?: Record<string, unknown>) => t(`contractRequests.actions.${k}`, o ?? {});

  const refresh = (next?: ContractRequest) => {
    if (next) queryClient.setQueryData(requestQuery(requestId).queryKey, next);
    return queryClient.invalidateQueries({ queryKey: CONTRACT_REQUESTS_KEY });
  };

  const act = useMutation({
    mutationFn: async (d: NonNullable<Dialog>) => {
      if (!r) throw new Error('no request');
      if (d.kind === 'annul') return annul(r.requestId, text, r.version);
      return transition(
        r.requestId,
        d.kind === 'move' ? d.to : r.status,
        text.trim() || undefined,
        r.version,
      );
    },
    onSuccess: async (next) => {
      notify.success(a('done', { status: t(`contractRequests.labels.status.${next.status}`) }));
      setDialog(null);
      setText('');
      await refresh(next);
    },
    onError: (err) => {
      if (isApiError(err) && err.status === 409) {
        setDialog(null);
        void refresh();
      }
      notify.error(err);
    },
  });

  const associate = useMutation({
    mutationFn: () =>
      api.post('/ahab-requests/associate-cc', { cc: r?.newClientCode, proof: r?.contractNumber }),
    onSuccess: () => notify.success(a('associated', { cc: r?.newClientCode })),
    onError: (err) => notify.error(err),
  });

  if (query.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (!r) return <Alert type="error" showIcon message={query.error ? String(query.error.message) : ''} />;

  const staff = mayProcessSector(access.permissions, r.sector) && !access.isCustomer;
  const open = isOpenRequest(r.status);
  const f = (k: string) => t(`contractRequests.fields.${k}`);
  const form = (k: string) => t(`contractRequests.form.${k}`);
  const rows: [string, ReactNode][] = [
    [f('procedureType'), t(`contractRequests.labels.procedure.${r.procedureType}`)],
    [f('sector'), t(`contractRequests.labels.sector.${r.sector}`)],
    [f('clientCode'), r.clientCode],
    [form('fullName'), r.fullName],
    [form('nationalId'), r.nationalId],
    [form('entity'), r.entity],
    [form('entityCode'), r.entityCode],
    [form('legalRepresentative'), r.legalRepresentative],
    [form('bankAccount'), r.bankAccount],
    [form('owner'), r.owner],
    [form('phone'), r.phone],
    [form('email'), r.email],
    [form('municipality'), findMunicipality(r.municipality)?.municipio],
    [form('popularCouncil'), r.popularCouncil],
    [
      t('contractRequests.form.steps.address'),
      t('contractRequests.form.addressText', {
        street: r.address.street,
        number: r.address.number,
        a: r.address.between1,
        b: r.address.between2,
      }),
    ],
    [form('nucleusPeople'), r.nucleusPeople],
    [form('hydrometerNumber'), r.hydrometerNumber],
    [form('connectionRequestNumber'), r.connectionRequestNumber],
    [form('reason'), r.reason],
    [f('createdAt'), formatDateTime(r.createdAt, lang)],
    [f('contractNumber'), r.contractNumber],
    [f('policy'), r.policy],
    [f('commercialOffice'), r.commercialOffice],
    [f('contractPlace'), r.contractPlace],
    [f('contractDate'), r.contractDate ? formatDate(r.contractDate, lang) : null],
    [f('newClientCode'), r.newClientCode],
    [f('answer'), r.answer ? <OfficeWords key="answer" text={r.answer} language={lang} /> : null],
    [
      f('annulReason'),
      r.annulReason ? <OfficeWords key="annul" text={r.annulReason} language={lang} /> : null,
    ],
  ];

  // A payment agreement is approved or rejected in its own panel, never drawn up as a contract.
  const agreement = r.procedureType === 'PAYMENT_AGREEMENT' && r.agreement;
  const moves =
    staff && open
      ? staffTransitionsFrom(r.status).filter(
          (to) => !agreement || (to !== 'SIGNATURE_READY' && to !== 'SIGNED'),
        )
      : [];
  const canDownload = r.hasContract && (r.status === 'SIGNED' || (staff && r.status === 'SIGNATURE_READY'));

  return (
    <div className="ov-cr-details" data-testid="request-details">
      {/* The ID is the drawer's title (staff) or the page's heading (the customer): not repeated here. */}
      <p>
        <StatusTag status={r.status} />
      </p>
      {staff || canDownload || (r.newClientCode && r.status === 'SIGNED' && !staff) ? (
        <div className="ov-cr__actions">
          {moves.map((to) => (
            <Button
              key={to}
              type={to === 'SIGNED' || to === 'SIGNATURE_READY' || to === 'PENDING' ? 'primary' : 'default'}
              onClick={() => setDialog({ kind: 'move', to })}
              data-testid={`move-${to}`}
            >
              {a(ACTION_LABEL[`${r.status}>${to}`] ?? 'answer')}
            </Button>
          ))}
          {staff && open ? (
            <Button onClick={() => setDialog({ kind: 'answer' })} data-testid="answer">
              {a('answer')}
            </Button>
          ) : null}
          {staff && open && r.sector === 'RESIDENTIAL' && !agreement ? (
            <Button danger onClick={() => setDialog({ kind: 'annul' })} data-testid="annul">
              {a('annul')}
            </Button>
          ) : null}
          {canDownload ? (
            <Button
              onClick={() =>
                downloadPdf(
                  contractPath(r.requestId),
                  agreement ? `convenio-${r.requestId}.pdf` : `contrato-${r.contractNumber}.pdf`,
                  lang,
                ).catch(notify.error)
              }
              data-testid="download-contract"
            >
              {agreement ? t('contractRequests.agreement.download') : a('download')}
            </Button>
          ) : null}
          {!staff && r.status === 'SIGNED' && r.newClientCode ? (
            <Button
              type="primary"
              loading={associate.isPending}
              onClick={() => associate.mutate()}
              data-testid="associate-new"
            >
              {a('associate', { cc: r.newClientCode })}
            </Button>
          ) : null}
        </div>
      ) : null}
      {staff && open && r.sector !== 'RESIDENTIAL' && !agreement ? (
        <p className="ov-cr__hint">{a('annulOnlyResidential')}</p>
      ) : null}

      <Descriptions column={1} bordered size="small">
        {rows
          .filter(([, v]) => v !== null && v !== undefined && v !== '')
          .map(([label, v]) => (
            <Descriptions.Item key={label} label={label}>
              {v}
            </Descriptions.Item>
          ))}
      </Descriptions>

      {agreement ? <AgreementPanel request={r} staff={staff} onDone={refresh} /> : null}

      {staff && open && !agreement ? <StaffFields request={r} onSaved={refresh} /> : null}

      {r.attachments.length || (!staff && open && !agreement) ? (
        <RequestAttachments request={r} ownerMayAdd={!staff && open} onAdded={refresh} />
      ) : null}

      <section className="ov-cr__section">
        <h3>{f('history')}</h3>
        <Timeline
          items={r.history.map((h, i) => ({
            key: `${h.at}-${i}`,
            children: (
              <>
                <strong>
                  {t(`contractRequests.history.${h.kind}`, {
                    status: t(`contractRequests.labels.status.${h.status}`),
                  })}
                </strong>{' '}
                · {formatDateTime(h.at, lang)}
                {h.answer ? <OfficeWords text={h.answer} language={lang} block /> : null}
              </>
            ),
          }))}
        />
      </section>

      <Modal
        open={dialog !== null}
        title={
          dialog?.kind === 'annul'
            ? a('annul')
            : dialog?.kind === 'answer'
              ? a('answer')
              : dialog
                ? a(ACTION_LABEL[`${r.status}>${dialog.to}`] ?? 'answer')
                : ''
        }
        okText={a('confirm')}
        cancelText={a('cancel')}
        okButtonProps={{
          danger: dialog?.kind === 'annul',
          disabled: (dialog?.kind === 'annul' || dialog?.kind === 'answer') && !text.trim(),
          loading: act.isPending,
          'data-testid': 'dialog-confirm',
        }}
        onOk={() => dialog && act.mutate(dialog)}
        onCancel={() => {
          setDialog(null);
          setText('');
        }}
        destroyOnHidden
      >
        <label htmlFor="cr-dialog-text">
          {dialog?.kind === 'annul'
            ? a('reasonLabel')
            : dialog?.kind === 'answer'
              ? a('answerRequired')
              : a('answerLabel')}
        </label>
        <Input.TextArea
          id="cr-dialog-text"
          rows={4}
          maxLength={2000}
          value={text}
          onChange={(e) => setText(e.target.value)}
          data-testid="dialog-text"
        />
      </Modal>
    </div>
  );
}
