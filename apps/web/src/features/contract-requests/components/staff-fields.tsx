import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Select } from 'antd';
import '../../../lib/date-locale';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useLanguageForm } from '../../../components/form/use-language-form';
import { useReferenceConflict } from '../../../components/list-page/reference-conflict';
import { officesServing } from '../../../components/office-info/serving-offices';
import { isApiError } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { type ContractRequest, saveStaffFields } from '../api/contract-requests';

/** What staff fill in before the contract: office, place, numbers and date (conflicts asked, spec §4). */
export function StaffFields({
  request: r,
  onSaved,
}: {
  request: ContractRequest;
  onSaved: (next?: ContractRequest) => Promise<unknown>;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const a = (k: string) => t(`contractRequests.actions.${k}`);
  const f = (k: string) => t(`contractRequests.fields.${k}`);
  const [fieldsForm] = useLanguageForm();
  const [askConflict, conflictDialog] = useReferenceConflict();
  // The office printed on the contract is one of those serving the request's municipality.
  const offices = useQuery({
    queryKey: ['commercial-offices', 'serving', r.municipality],
    queryFn: ({ signal }) => officesServing(r.municipality, signal),
    staleTime: 5 * 60_000,
  });
  const officeOptions = (offices.data ?? []).map((o) => ({ value: o.name, label: o.name }));
  // A name saved before offices were chosen from the list stays shown until it is replaced.
  if (r.commercialOffice && !officeOptions.some((o) => o.value === r.commercialOffice))
    officeOptions.push({ value: r.commercialOffice, label: r.commercialOffice });
  const saveFields = useMutation({
    mutationFn: async ({ force, version }: { force: boolean; version?: number }) => {
      const v = fieldsForm.getFieldsValue();
      return saveStaffFields(
        r.requestId,
        {
          contractNumber: v.contractNumber ?? null,
          policy: v.policy ?? null,
          commercialOffice: v.commercialOffice ?? null,
          contractPlace: v.contractPlace ?? null,
          contractDate: v.contractDate ? dayjs(v.contractDate).format('YYYY-MM-DD') : null,
        },
        version ?? r.version,
        force,
      );
    },
    onSuccess: async (next) => {
      notify.success(t('common.updateSuccess'));
      await onSaved(next);
    },
    onError: async (err) => {
      const current = isApiError(err)
        ? (err.details as { current?: ContractRequest } | undefined)?.current
        : undefined;
      if (!(isApiError(err) && err.status === 409 && current)) return notify.error(err);
      // Someone changed it meanwhile (spec §4): overwrite theirs, take theirs, or leave it.
      const choice = await askConflict('stale');
      if (choice === 'overwrite') saveFields.mutate({ force: true, version: current.version });
      else if (choice === 'recover') await onSaved(current);
    },
  });

  return (
    <>
      <section className="ov-cr__section" aria-labelledby="cr-staff-fields">
        <h3 id="cr-staff-fields">{a('staffFields')}</h3>
        <p>{a('staffFieldsHelp')}</p>
        <Form
          form={fieldsForm}
          layout="vertical"
          key={r.version}
          initialValues={{
            contractNumber: r.contractNumber,
            policy: r.policy,
            commercialOffice: r.commercialOffice,
            contractPlace: r.contractPlace,
            contractDate: r.contractDate ? dayjs(r.contractDate) : undefined,
          }}
          onFinish={() => saveFields.mutate({ force: false })}
        >
          <div className="ov-cr__grid">
            <Form.Item name="commercialOffice" label={f('commercialOffice')} extra={a('officeHelp')}>
              <Select
                allowClear
                loading={offices.isPending}
                options={officeOptions}
                placeholder={a('officeChoose')}
                notFoundContent={offices.isError ? a('officesFailed') : a('officesNone')}
                data-testid="staff-office"
              />
            </Form.Item>
            <Form.Item name="contractPlace" label={f('contractPlace')}>
              <Input data-testid="staff-place" />
            </Form.Item>
            <Form.Item name="contractNumber" label={f('contractNumber')}>
              <Input />
            </Form.Item>
            <Form.Item name="policy" label={f('policy')}>
              <Input />
            </Form.Item>
            <Form.Item name="contractDate" label={f('contractDate')}>
              <DatePicker format={lang === 'en' ? 'MM/DD/YYYY' : 'DD/MM/YYYY'} style={{ width: '100%' }} />
            </Form.Item>
          </div>
          <Button htmlType="submit" loading={saveFields.isPending} data-testid="staff-save">
            {a('saveFields')}
          </Button>
        </Form>
      </section>
      {conflictDialog}
    </>
  );
}
