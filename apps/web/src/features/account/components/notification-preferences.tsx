import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/card/card';
import { Skeleton } from '../../../components/ui';
import { notify } from '../../../lib/notify';
import {
  type NotificationPreferences,
  useNotificationPreferences,
  useSaveNotificationPreferences,
} from '../api/notification-preferences';

/** A native checkbox shown as a switch: its label is the text, Space toggles it, the state is announced. */
function PreferenceSwitch({
  checked,
  label,
  help,
  testId,
  onChange,
}: {
  checked: boolean;
  label: string;
  help: string;
  testId: string;
  onChange: (value: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="ov-switch-row">
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={checked}
        className="ov-switch"
        checked={checked}
        aria-describedby={`${id}-help`}
        data-testid={testId}
        onChange={(event) => onChange(event.target.checked)}
      />
      <div className="ov-switch-row__text">
        <label htmlFor={id}>{label}</label>
        <small id={`${id}-help`} className="ov-account__muted">
          {help}
        </small>
      </div>
    </div>
  );
}

/** The profile's invoice notices: in the Virtual Office (on by default) and by e-mail (off until said yes). */
export function NotificationPreferencesCard() {
  const { t } = useTranslation();
  const { data, isLoading } = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const change = (key: keyof NotificationPreferences) => (value: boolean) =>
    save.mutate(
      { [key]: value },
      {
        onSuccess: () => notify.success(t('account.profile.notices.saved')),
        onError: (error) => notify.error(error),
      },
    );
  const value = (key: keyof NotificationPreferences) => save.variables?.[key] ?? data?.[key] ?? false;
  return (
    <Card title={t('account.profile.notices.title')} className="ov-profile__card">
      <p className="ov-account__muted">{t('account.profile.notices.text')}</p>
      {isLoading || !data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <div className="ov-switch-list" data-testid="notice-preferences">
          <PreferenceSwitch
            checked={save.isPending ? value('invoiceApp') : data.invoiceApp}
            label={t('account.profile.notices.app')}
            help={t('account.profile.notices.appHelp')}
            testId="notice-invoice-app"
            onChange={change('invoiceApp')}
          />
          <PreferenceSwitch
            checked={save.isPending ? value('invoiceEmail') : data.invoiceEmail}
            label={t('account.profile.notices.email')}
            help={t('account.profile.notices.emailHelp')}
            testId="notice-invoice-email"
            onChange={change('invoiceEmail')}
          />
        </div>
      )}
    </Card>
  );
}
