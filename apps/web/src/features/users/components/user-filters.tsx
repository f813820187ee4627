import { CLIENT_TYPES } from '@ov/domain/enums';
import { DATE_PRESETS, type DatePreset, datePresetRange, toDateRangeFilter } from '@ov/domain/filters';
import type { Filter } from '@ov/domain/validation/forms';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NativeSelect } from '../../../components/native-select/native-select';
import { useMunicipalityOptions } from '../../../lib/municipalities';
import { useRoles } from '../api/find-roles';
import { roleLabel } from './role-label';

const FILTERABLE_STATUSES = ['ACTIVE', 'UNVERIFIED', 'LOCK'] as const;

/** The users list filters: status, client type, municipality, role and created-date presets. */
export function useUserFilters(): { filters: Filter[]; slot: React.ReactNode } {
  const { t } = useTranslation();
  const municipalities = useMunicipalityOptions();
  const roles = useRoles();
  const [status, setStatus] = useState<string>();
  const [clientType, setClientType] = useState<string>();
  const [municipality, setMunicipality] = useState<number>();
  const [role, setRole] = useState<string>();
  const [created, setCreated] = useState<DatePreset>();

  const filters = useMemo(() => {
    const chosen: Filter[] = [];
    if (status) chosen.push({ type: 'TERM', field: 'status', value: status });
    if (clientType) chosen.push({ type: 'TERM', field: 'clientType', value: clientType });
    if (municipality) chosen.push({ type: 'TERM', field: 'municipality', value: municipality });
    if (role) chosen.push({ type: 'TERMS', field: 'roles', value: [role] });
    if (created) {
      const range = datePresetRange(created);
      chosen.push(toDateRangeFilter('createdAt', range.from, range.to));
    }
    return chosen;
  }, [status, clientType, municipality, role, created]);

  const slot = (
    <>
      <NativeSelect
        allowClear
        placeholder={t('users.fields.status')}
        value={status}
        onChange={setStatus}
        className="ov-list__filter"
        options={FILTERABLE_STATUSES.map((value) => ({ value, label: t(`users.status.${value}`) }))}
        data-testid="filter-status"
      />
      <NativeSelect
        allowClear
        placeholder={t('users.fields.clientType')}
        value={clientType}
        onChange={setClientType}
        className="ov-list__filter"
        options={CLIENT_TYPES.map((value) => ({ value, label: t(`clientTypes.${value}`) }))}
        data-testid="filter-client-type"
      />
      <NativeSelect
        allowClear
        placeholder={t('users.fields.municipality')}
        value={municipality}
        onChange={setMunicipality}
        className="ov-list__filter"
        options={municipalities.options.map((option) => ({ value: option.pk, label: option.municipio }))}
        loading={municipalities.loading}
        data-testid="filter-municipality"
      />
      <NativeSelect
        allowClear
        placeholder={t('users.fields.role')}
        value={role}
        onChange={setRole}
        className="ov-list__filter"
        options={(roles.data ?? []).map((option) => ({
          value: option.name,
          label: roleLabel(t, option.name),
        }))}
        data-testid="filter-role"
      />
      <NativeSelect
        allowClear
        placeholder={t('users.fields.createdAt')}
        value={created}
        onChange={setCreated}
        className="ov-list__filter"
        options={DATE_PRESETS.map((value) => ({ value, label: t(`users.datePresets.${value}`) }))}
        data-testid="filter-created"
      />
    </>
  );
  return { filters, slot };
}
