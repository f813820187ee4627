import '../i18n';
import { centsToPesos, pesosToCents } from '@ov/domain/money';
import { type Settings, settingsSchema } from '@ov/domain/settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Skeleton, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Card } from '../../../components/card/card';
import { useLanguageForm } from '../../../components/form/use-language-form';
import { zodRule } from '../../../components/form/zod-rule';
import { useVersionedSave } from '../../../components/list-page/use-versioned-save';
import { api } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import './settings-page.css';
import { ActionCancelled } from '../../../lib/notify';
import { patchVersioned } from '../../../lib/resource-calls';
import { CommercialStatusCard } from './commercial-status-card';

interface SettingsAnswer extends Settings {
  version: number;
  configured: { enzona: boolean; transfermovil: boolean };
}
/** The form shows pesos; the API keeps cents. */
type Values = Omit<Settings, 'advanceMinCents' | 'agreementMinInstalmentCents'> & {
  advanceMin: number;
  agreementMinInstalment: number;
};

const KEY = ['settings'] as const;
const S = settingsSchema.shape;
const update = (_id: string, form: Partial<Settings>, version: number, force?: boolean) =>
  patchVersioned<SettingsAnswer>('/settings', form, version, force);

/** `/admin/settings` (ADMIN): switches and amounts in force on every API process at once. */
export default function SettingsPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = useLanguageForm<Values>();
  const [saving, setSaving] = useState(false);
  const query = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.get<SettingsAnswer>('/settings', signal),
  });
  const { save, conflictDialog } = useVersionedSave<Partial<Settings>, SettingsAnswer>({
    create: (f) => update('', f, query.data?.version ?? 0),
    update,
  });
  const payments = Form.useWatch('paymentsEnabled', form);
  const s = (key: string) => t(`settings.${key}`);
  const rule = (schema: Parameters<typeof zodRule>[0]) => zodRule(schema, i18n.language);

  useEffect(() => {
    if (!query.data) return;
    const { advanceMinCents, agreementMinInstalmentCents, version: _v, configured: _c, ...rest } = query.data;
    form.setFieldsValue({
      ...rest,
      advanceMin: centsToPesos(advanceMinCents),
      agreementMinInstalment: centsToPesos(agreementMinInstalmentCents),
    });
  }, [query.data, form]);

  if (!query.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  const { configured } = query.data;

  const onFinish = async ({ advanceMin, agreementMinInstalment, ...values }: Values) => {
    setSaving(true);
    try {
      const saved = await save(
        {
          ...values,
          advanceMinCents: pesosToCents(advanceMin),
          agreementMinInstalmentCents: pesosToCents(agreementMinInstalment),
        },
        'settings',
        query.data.version,
      );
      queryClient.setQueryData(KEY, saved);
      await queryClient.invalidateQueries({ queryKey: ['config'] });
      void message.success(s('saved'));
    } catch (error) {
      if (!(error instanceof ActionCancelled)) void message.error(errorText(error, t, i18n.language));
      else await query.refetch();
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="ov-settings" data-testid="settings">
      {conflictDialog}
      <div className="ov-page-header">
        <h1>{t('menu.settings')}</h1>
      </div>
      <p>{s('intro')}</p>
      <Form<Values> form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Card title={s('payments')} className="ov-settings__card">
          <Form.Item
            name="paymentsEnabled"
            label={s('paymentsEnabled')}
            valuePropName="checked"
            extra={s('paymentsHelp')}
          >
            <Switch data-testid="setting-payments" />
          </Form.Item>
          <Form.Item
            name="enzonaEnabled"
            label={s('enzonaEnabled')}
            valuePropName="checked"
            extra={configured.enzona ? undefined : s('notConfigured')}
          >
            <Switch disabled={!payments || !configured.enzona} data-testid="setting-enzona" />
          </Form.Item>
          <Form.Item
            name="transfermovilEnabled"
            label={s('transfermovilEnabled')}
            valuePropName="checked"
            extra={configured.transfermovil ? undefined : s('notConfigured')}
          >
            <Switch disabled={!payments || !configured.transfermovil} data-testid="setting-transfermovil" />
          </Form.Item>
          <Form.Item
            name="pendingTimeoutMinutes"
            label={s('pendingTimeout')}
            rules={[rule(S.pendingTimeoutMinutes)]}
          >
            <InputNumber min={1} max={1440} data-testid="setting-timeout" />
          </Form.Item>
        </Card>
        <Card title={s('advance')} className="ov-settings__card">
          <Form.Item
            name="advanceMin"
            label={s('advanceMin')}
            rules={[{ required: true, type: 'number', min: 1 }]}
          >
            <InputNumber
              min={1}
              max={1_000_000}
              step={10}
              prefix="$"
              precision={2}
              data-testid="setting-advance-min"
            />
          </Form.Item>
          <Form.Item
            name="advanceBonusPercent"
            label={s('advanceBonus')}
            rules={[rule(S.advanceBonusPercent)]}
          >
            <InputNumber min={0} max={100} suffix="%" data-testid="setting-advance-bonus" />
          </Form.Item>
        </Card>
        <Card title={s('agreements')} className="ov-settings__card">
          <p className="ov-settings__muted">{s('agreementsHelp')}</p>
          <Form.Item
            name="agreementMinDownPercent"
            label={s('agreementMinDown')}
            rules={[rule(S.agreementMinDownPercent)]}
          >
            <InputNumber min={0} max={100} suffix="%" data-testid="setting-agreement-down" />
          </Form.Item>
          <Form.Item
            name="agreementMaxInstalments"
            label={s('agreementMaxInstalments')}
            rules={[rule(S.agreementMaxInstalments)]}
          >
            <InputNumber min={1} max={60} data-testid="setting-agreement-instalments" />
          </Form.Item>
          <Form.Item
            name="agreementMinInstalment"
            label={s('agreementMinInstalment')}
            rules={[{ required: true, type: 'number', min: 1 }]}
          >
            <InputNumber
              min={1}
              max={1_000_000}
              step={10}
              prefix="$"
              precision={2}
              data-testid="setting-agreement-min-instalment"
            />
          </Form.Item>
        </Card>
        <Card title={s('accounts')} className="ov-settings__card">
          <Form.Item name="signupEnabled" label={s('signupEnabled')} valuePropName="checked">
            <Switch data-testid="setting-signup" />
          </Form.Item>
          <Form.Item
            name="clientCodePattern"
            label={s('clientCodePattern')}
            // The pattern's pieces set as code: a person reads them as what to type, not as prose.
            extra={<Trans i18nKey="settings.clientCodePatternHelp" components={{ code: <code /> }} />}
            rules={[rule(S.clientCodePattern)]}
          >
            <Input spellCheck={false} autoComplete="off" maxLength={60} data-testid="setting-code-pattern" />
          </Form.Item>
        </Card>
        <Card title={s('billing')} className="ov-settings__card">
          <Form.Item
            name="billingPeriodMonths"
            label={s('billingPeriodMonths')}
            extra={s('billingPeriodHelp')}
            rules={[rule(S.billingPeriodMonths)]}
          >
            <InputNumber min={1} max={12} data-testid="setting-billing-period" />
          </Form.Item>
        </Card>
        <Button type="primary" htmlType="submit" loading={saving} data-testid="settings-save">
          {s('save')}
        </Button>
      </Form>
      <CommercialStatusCard />
    </div>
  );
}
