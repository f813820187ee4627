import { CLIENT_TYPES, GENDERS } from '@ov/domain/enums';
import { adminUserSchema } from '@ov/domain/validation/forms';
import { translateValidationMessage } from '@ov/domain/validation/messages';
import { birthDateFromNationalId } from '@ov/domain/validation/rules';
import { Col, DatePicker, Form, type FormInstance, type FormRule, Input, Row, Select } from 'antd';
import '../../../lib/date-locale';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../../components/form/zod-rule';
import { useMunicipalityOptions } from '../../../lib/municipalities';
import { useRoles } from '../api/find-roles';
import type { AdminUserPayload } from '../api/save-user';
import type { User } from '../types';
import { roleLabel } from './role-label';

/** The form's values: as the inputs hold them (the birth date is a dayjs, the version rides along). */
export interface UserFormValues {
  username: string;
  fullName: string;
  nationalId: string;
  gender: string;
  country: string;
  email: string;
  municipality: number;
  birthDate: Dayjs;
  address: string;
  phone?: string;
  clientType?: string;
  roles?: string[];
  scopeMunicipality?: number | null;
  version?: number;
}

const shape = adminUserSchema.shape;
const DATE_FORMAT = 'YYYY-MM-DD';

export function toUserFormValues(user: User): Partial<UserFormValues> {
  return {
    username: user.username ?? '',
    fullName: user.fullName ?? [user.firstName, user.lastName].filter(Boolean).join(' '),
    nationalId: user.nationalId ?? '',
    gender: user.gender ?? undefined,
    country: user.country || 'Cuba',
    email: user.email,
    municipality: user.address?.municipality ?? undefined,
    birthDate: user.birthDate ? dayjs(user.birthDate) : undefined,
    address: user.address?.line ?? '',
    phone: user.phone ?? '',
    clientType: user.clientType ?? undefined,
    roles: (user.roles ?? []).flatMap((entry) => (entry.role ? [entry.role.name] : [])),
    scopeMunicipality: user.address?.scopeMunicipality ?? undefined,
    version: user.version,
  };
}

/**
 * Form values → the API payload (empty phone as null; roles and the scope only when the caller may
 * assign them: both grant access).
 */
export function toUserPayload(values: UserFormValues, withRoles: boolean): AdminUserPayload {
  const payload: AdminUserPayload = {
    username: values.username.trim(),
    fullName: values.fullName.trim(),
    nationalId: values.nationalId.trim(),
    gender: values.gender,
    country: values.country.trim(),
    email: values.email.trim(),
    municipality: values.municipality,
    birthDate: values.birthDate.format(DATE_FORMAT),
    address: values.address.trim(),
    phone: values.phone?.trim() ? values.phone.trim() : null,
  };
  if (values.clientType) payload.clientType = values.clientType;
  if (withRoles) {
    payload.roles = values.roles ?? [];
    payload.scopeMunicipality = values.scopeMunicipality ?? null;
  }
  return payload;
}

interface UserFormProps {
  form: FormInstance;
  /** Only callers holding ROLE:WRITE see (and send) the roles. */
  canAssignRoles: boolean;
}

/** The administrator's user form (spec §5): adminUserSchema's rules, in the current language. */
export function UserFormFields({ form, canAssignRoles }: UserFormProps) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const municipalities = useMunicipalityOptions();
  const municipalityOptions = municipalities.options.map((option) => ({
    value: option.pk,
    label: option.municipio,
  }));
  const roles = useRoles();
  const rule = (schema: Parameters<typeof zodRule>[0]): FormRule[] => [zodRule(schema, lang)];
  const birthRule: FormRule = {
    validator: async (_rule, value: Dayjs | undefined) => {
      const result = shape.birthDate.safeParse(value ? value.format(DATE_FORMAT) : '');
      if (result.success) return;
      throw new Error(
        translateValidationMessage(result.error.issues[0]?.message ?? '', lang === 'en' ? 'en' : 'es'),
      );
    },
  };

  /** The Cuban ID encodes the birth date: fill it in when still empty. */
  const onNationalId = (value: string) => {
    const born = birthDateFromNationalId(value.trim());
    if (born && !form.getFieldValue('birthDate')) form.setFieldValue('birthDate', dayjs(born));
  };

  return (
    <Row gutter={16} data-testid="user-form">
      <Form.Item name="version" hidden>
        <Input />
      </Form.Item>
      <Col xs={24} md={12}>
        <Form.Item name="fullName" label={t('users.fields.fullName')} rules={rule(shape.fullName)} required>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="username" label={t('users.fields.username')} rules={rule(shape.username)} required>
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="email" label={t('users.fields.email')} rules={rule(shape.email)} required>
          <Input type="email" autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="phone" label={t('users.fields.phone')} rules={rule(shape.phone)}>
          <Input autoComplete="off" inputMode="tel" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="nationalId"
          label={t('users.fields.nationalId')}
          rules={rule(shape.nationalId)}
          required
        >
          <Input inputMode="numeric" maxLength={11} onChange={(event) => onNationalId(event.target.value)} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="birthDate" label={t('users.fields.birthDate')} rules={[birthRule]} required>
          <DatePicker
            className="ov-users__date"
            format={lang === 'en' ? 'MM/DD/YYYY' : 'DD/MM/YYYY'}
            disabledDate={(day) => day.isAfter(dayjs())}
            placeholder=""
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="gender" label={t('users.fields.gender')} rules={rule(shape.gender)} required>
          <Select options={GENDERS.map((value) => ({ value, label: t(`users.gender.${value}`) }))} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="country"
          label={t('users.fields.country')}
          rules={rule(shape.country)}
          initialValue="Cuba"
          required
        >
          <Input autoComplete="off" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name="municipality"
          label={t('users.fields.municipality')}
          rules={rule(shape.municipality)}
          required
        >
          <Select
            showSearch
            optionFilterProp="label"
            loading={municipalities.loading}
            options={municipalityOptions}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item name="clientType" label={t('users.fields.clientType')}>
          <Select
            allowClear
            options={CLIENT_TYPES.map((value) => ({ value, label: t(`clientTypes.${value}`) }))}
          />
        </Form.Item>
      </Col>
      <Col xs={24}>
        <Form.Item name="address" label={t('users.fields.address')} rules={rule(shape.address)} required>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
      </Col>
      {canAssignRoles ? (
        <Col xs={24}>
          <Form.Item name="roles" label={t('users.fields.roles')}>
            <Select
              mode="multiple"
              allowClear
              loading={roles.isPending}
              optionFilterProp="label"
              options={(roles.data ?? []).map((role) => ({
                value: role.name,
                label: roleLabel(t, role.name),
              }))}
              data-testid="user-roles-select"
            />
          </Form.Item>
        </Col>
      ) : null}
      {canAssignRoles ? (
        <Col xs={24} md={12}>
          <Form.Item
            name="scopeMunicipality"
            label={t('users.fields.scopeMunicipality')}
            extra={t('users.fields.scopeMunicipalityHelp')}
          >
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              loading={municipalities.loading}
              options={municipalityOptions}
              data-testid="user-scope-select"
            />
          </Form.Item>
        </Col>
      ) : null}
    </Row>
  );
}
