import '../i18n';
import { findMunicipality, MUNICIPALITIES } from '@ov/domain/municipalities';
import { hasPermission, PERMISSIONS } from '@ov/domain/permissions';
import { type CommercialOfficeInput, commercialOfficeSchema } from '@ov/domain/validation/forms';
import { Form, Input, Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Descriptions } from '../../../components/descriptions/descriptions';
import { zodRule } from '../../../components/form/zod-rule';
import { ListPage } from '../../../components/list-page/list-page';
import type { ListColumn } from '../../../components/list-page/types';
import { useVersionedSave } from '../../../components/list-page/use-versioned-save';
import { NativeSelect } from '../../../components/native-select/native-select';
import { useCurrentUser } from '../../../lib/current-user';
import { formatDateTime } from '../../../lib/format';
import { PATHS } from '../../../lib/urls';
import {
  createOffice,
  OFFICES_QUERY_KEY,
  type Office,
  officeQuery,
  officesQuery,
  removeOffice,
  updateOffice,
} from '../api/commercial-offices';

type OfficeValues = CommercialOfficeInput & { version?: number };
const S = commercialOfficeSchema.shape;
/** The rule of each language's hours (the schema's `hours` is optional: its object inside). */
const HOURS = S.hours.unwrap().shape;
const municipalityName = (pk: number) => findMunicipality(pk)?.municipio ?? String(pk);
const MUNICIPALITY_OPTIONS = MUNICIPALITIES.map((m) => ({ value: m.pk, label: m.municipio }));

/** Nomenclators › Commercial offices: COMMERCIAL_OFFICE:READ sees them, :WRITE changes, :DELETE removes. */
export default function CommercialOfficesPage() {
  const { t, i18n } = useTranslation();
  const { access } = useCurrentUser();
  const rule = (schema: Parameters<typeof zodRule>[0]) => zodRule(schema, i18n.language);
  const f = (key: string) => t(`commercialOffices.fields.${key}`);
  const [municipality, setMunicipality] = useState<number>();
  const canWrite = hasPermission(access.permissions, PERMISSIONS.COMMERCIAL_OFFICE_WRITE);
  const canDelete = hasPermission(access.permissions, PERMISSIONS.COMMERCIAL_OFFICE_DELETE);
  const { save: saveOffice, conflictDialog } = useVersionedSave({
    create: createOffice,
    update: updateOffice,
  });

  const filters = useMemo(
    () => (municipality ? [{ type: 'TERM' as const, field: 'municipality', value: municipality }] : []),
    [municipality],
  );

  const columns: ListColumn<Office>[] = [
    { key: 'name', title: f('name'), dataIndex: 'name', sortField: 'name' },
    {
      key: 'municipality',
      title: f('municipality'),
      dataIndex: 'municipality',
      sortField: 'municipality',
      render: (value) => municipalityName(Number(value)),
    },
    { key: 'address', title: f('address'), dataIndex: 'address', responsive: ['md'] },
    { key: 'phone', title: f('phone'), dataIndex: 'phone', responsive: ['lg'], render: (v) => v || '—' },
    {
      key: 'serves',
      title: f('serves'),
      dataIndex: 'serves',
      responsive: ['lg'],
      defaultHidden: true,
      render: (v) => (v as number[]).map(municipalityName).join(', '),
    },
    {
      key: 'updatedAt',
      title: f('updatedAt'),
      dataIndex: 'updatedAt',
      sortField: 'updatedAt',
      responsive: ['lg'],
      defaultHidden: true,
      render: (v) => formatDateTime(String(v), i18n.language),
    },
  ];

  return (
    <>
      {conflictDialog}
      <ListPage<Office, OfficeValues>
        tableId="commercial-offices"
        title={t('menu.commercialOffices')}
        basePath={PATHS.commercialOffices}
        queryKeyPrefix={OFFICES_QUERY_KEY}
        query={officesQuery}
        columns={columns}
        rowKey={(o) => o._id}
        filters={filters}
        searchPlaceholder={t('commercialOffices.searchPlaceholder')}
        filtersSlot={
          <NativeSelect<number>
            allowClear
            placeholder={f('municipality')}
            value={municipality}
            onChange={setMunicipality}
            className="ov-list__filter"
            options={MUNICIPALITY_OPTIONS}
            data-testid="filter-municipality"
          />
        }
        detail={{
          title: (mode, o) =>
            mode === 'create'
              ? t('commercialOffices.new')
              : mode === 'edit'
                ? t('commercialOffices.edit')
                : o?.name,
          getOne: officeQuery,
          renderView: (o) => (
            <Descriptions column={1} bordered size="small">
              <Descriptions.Item label={f('name')}>{o.name}</Descriptions.Item>
              <Descriptions.Item label={f('boss')}>{o.boss || '—'}</Descriptions.Item>
              <Descriptions.Item label={f('address')}>{o.address}</Descriptions.Item>
              <Descriptions.Item label={f('municipality')}>
                {municipalityName(o.municipality)}, {o.province}
              </Descriptions.Item>
              <Descriptions.Item label={f('phone')}>{o.phone || '—'}</Descriptions.Item>
              <Descriptions.Item label={f('hoursEs')}>
                <span lang="es">{o.hours.es || '—'}</span>
              </Descriptions.Item>
              <Descriptions.Item label={f('hoursEn')}>
                <span lang="en">{o.hours.en || '—'}</span>
              </Descriptions.Item>
              <Descriptions.Item label={f('serves')}>
                {o.serves.map(municipalityName).join(', ')}
              </Descriptions.Item>
            </Descriptions>
          ),
          renderForm: canWrite
            ? () => (
                <>
                  <Form.Item name="version" hidden>
                    <Input />
                  </Form.Item>
                  <Form.Item name="name" label={f('name')} required rules={[rule(S.name)]}>
                    <Input autoComplete="off" data-testid="office-name" />
                  </Form.Item>
                  <Form.Item name="boss" label={f('boss')} rules={[rule(S.boss)]}>
                    <Input autoComplete="off" />
                  </Form.Item>
                  <Form.Item name="address" label={f('address')} required rules={[rule(S.address)]}>
                    <Input autoComplete="off" data-testid="office-address" />
                  </Form.Item>
                  <Form.Item
                    name="province"
                    label={f('province')}
                    required
                    initialValue="La Habana"
                    rules={[rule(S.province)]}
                  >
                    <Input autoComplete="off" />
                  </Form.Item>
                  <Form.Item
                    name="municipality"
                    label={f('municipality')}
                    required
                    rules={[rule(S.municipality)]}
                  >
                    <Select
                      showSearch={{ optionFilterProp: 'label' }}
                      options={MUNICIPALITY_OPTIONS}
                      data-testid="office-municipality"
                    />
                  </Form.Item>
                  <Form.Item name="phone" label={f('phone')} rules={[rule(S.phone)]}>
                    <Input autoComplete="off" inputMode="tel" />
                  </Form.Item>
                  <Form.Item name={['hours', 'es']} label={f('hoursEs')} rules={[rule(HOURS.es)]}>
                    <Input.TextArea
                      autoSize={{ minRows: 2, maxRows: 4 }}
                      lang="es"
                      data-testid="office-hours-es"
                    />
                  </Form.Item>
                  <Form.Item
                    name={['hours', 'en']}
                    label={f('hoursEn')}
                    extra={t('commercialOffices.hoursEnHelp')}
                    rules={[rule(HOURS.en)]}
                  >
                    <Input.TextArea
                      autoSize={{ minRows: 2, maxRows: 4 }}
                      lang="en"
                      data-testid="office-hours-en"
                    />
                  </Form.Item>
                  <Form.Item name="serves" label={f('serves')} extra={t('commercialOffices.servesHelp')}>
                    <Select
                      mode="multiple"
                      allowClear
                      optionFilterProp="label"
                      options={MUNICIPALITY_OPTIONS}
                    />
                  </Form.Item>
                </>
              )
            : undefined,
          toFormValues: (o) => ({
            ...o,
            boss: o.boss ?? '',
            phone: o.phone ?? '',
            hours: { es: o.hours.es ?? '', en: o.hours.en ?? '' },
          }),
          save: (values, id) =>
            saveOffice(
              {
                name: values.name,
                boss: values.boss ?? '',
                address: values.address,
                province: values.province,
                municipality: Number(values.municipality),
                phone: values.phone?.trim() ? values.phone.trim() : null,
                hours: { es: values.hours?.es ?? '', en: values.hours?.en ?? '' },
                ...(values.serves?.length ? { serves: values.serves.map(Number) } : {}),
              },
              id,
              Number(values.version ?? 0),
            ),
          remove: canDelete ? removeOffice : undefined,
          canCreate: canWrite,
        }}
      />
    </>
  );
}
