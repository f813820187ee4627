import '../i18n';
import { DeleteOutlined, KeyOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/card/card';
import { Alert, Button, Popconfirm, Skeleton } from '../../../components/ui';
import { errorText } from '../../../lib/error-text';
import { formatDate } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { PATHS } from '../../../lib/urls';
import { ownCalls } from '../api/factor-calls';
import { RecoveryCodes, TextField } from '../components/factor-ui';
import { createPasskey, isCeremonyRefusal } from '../components/passkey-ceremony';
import { TotpSetup } from '../components/totp-setup';
import '../components/factors.css';

const KEY = ['second-factor'] as const;

/** `/profile/security`: the person's passkeys, authenticator app and remembered browsers (issue 30). */
export default function SecurityPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: KEY, queryFn: ownCalls.status });
  const [name, setName] = useState(() => t('factors.passkey.defaultName'));
  const [nameError, setNameError] = useState<string>();
  const [adding, setAdding] = useState(false);
  const [settingUp, setSettingUp] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: KEY });
  const act = async (work: () => Promise<unknown>, done?: string) => {
    setFailure(undefined);
    try {
      await work();
      if (done) notify.success(done);
      await refresh();
    } catch (cause) {
      setFailure(isCeremonyRefusal(cause) ? t('factors.passkey.cancelled') : errorText(cause, t, lang));
    }
  };
  const addPasskey = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setNameError(t('factors.passkey.nameRequired'));
    setNameError(undefined);
    setAdding(true);
    await act(() => createPasskey(ownCalls, name.trim()), t('factors.passkey.added'));
    setAdding(false);
  };

  const data = status.data;
  return (
    <div className="ov-factors-page" data-testid="security">
      <div className="ov-page-header">
        <h1>{t('factors.security.title')}</h1>
      </div>
      <p className="ov-factors__muted">{t('factors.security.subtitle')}</p>
      {data?.required ? (
        <Alert className="ov-factors__alert" type="info" showIcon title={t('factors.security.required')} />
      ) : null}
      {failure ? (
        <Alert
          className="ov-factors__alert"
          type="error"
          showIcon
          title={failure}
          data-testid="security-error"
        />
      ) : null}
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <Card title={t('factors.security.passkeysTitle')} className="ov-factors-page__card">
            <p className="ov-factors__muted">{t('factors.security.passkeysText')}</p>
            {data.passkeys.length ? (
              <ul className="ov-factors__list" data-testid="passkey-list">
                {data.passkeys.map((key) => (
                  <li key={key.id}>
                    <span>
                      <KeyOutlined aria-hidden="true" /> <strong>{key.name}</strong>
                      <br />
                      <small>
                        {t('factors.security.added', { date: formatDate(key.createdAt, lang) })}
                        {key.lastUsedAt
                          ? ` · ${t('factors.security.lastUsed', { date: formatDate(key.lastUsedAt, lang) })}`
                          : ''}
                      </small>
                    </span>
                    <Popconfirm
                      title={t('factors.security.removeConfirm')}
                      okText={t('factors.security.remove')}
                      cancelText={t('common.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() =>
                        act(() => ownCalls.removePasskey(key.id), t('factors.security.removed'))
                      }
                    >
                      <Button
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={`${t('factors.security.remove')} ${key.name}`}
                      >
                        {t('factors.security.remove')}
                      </Button>
                    </Popconfirm>
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t('factors.security.noPasskeys')}</p>
            )}
            <form onSubmit={addPasskey} noValidate>
              <TextField
                label={t('factors.passkey.nameLabel')}
                value={name}
                onChange={setName}
                error={nameError}
                testId="passkey-name"
              />
              <Button type="primary" htmlType="submit" loading={adding} data-testid="add-passkey">
                {t('factors.passkey.create')}
              </Button>
            </form>
          </Card>

          {/* The app and remembered browsers are the staff's second factor; customers sign in with a
              password or a passkey, so they are not offered (an app set up before still shows). */}
          {data.required || data.totp ? (
            <Card title={t('factors.security.appTitle')} className="ov-factors-page__card">
              {codes ? (
                <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
              ) : data.totp ? (
                <>
                  <p data-testid="totp-on">
                    {t('factors.security.appOn', { count: data.recoveryCodesLeft })}
                  </p>
                  <div className="ov-factors__actions">
                    <Button
                      onClick={() =>
                        act(async () => setCodes((await ownCalls.newRecoveryCodes()).recoveryCodes))
                      }
                    >
                      {t('factors.security.newCodes')}
                    </Button>
                    <Popconfirm
                      title={t('factors.security.removeAppConfirm')}
                      okText={t('factors.security.remove')}
                      cancelText={t('common.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => act(() => ownCalls.removeTotp(), t('factors.security.removed'))}
                    >
                      <Button danger>{t('factors.security.removeApp')}</Button>
                    </Popconfirm>
                  </div>
                </>
              ) : settingUp ? (
                <TotpSetup
                  calls={ownCalls}
                  onConfirmed={(answer) => {
                    setSettingUp(false);
                    setCodes(answer.recoveryCodes);
                    void refresh();
                  }}
                />
              ) : (
                <>
                  <p>{t('factors.security.appOff')}</p>
                  <p className="ov-factors__muted">{t('factors.totp.chooseHelp')}</p>
                  <Button onClick={() => setSettingUp(true)} data-testid="choose-totp">
                    {t('factors.totp.choose')}
                  </Button>
                </>
              )}
            </Card>
          ) : null}

          {data.required || data.rememberedBrowsers.length ? (
            <Card title={t('factors.security.browsersTitle')} className="ov-factors-page__card">
              {data.rememberedBrowsers.length ? (
                <>
                  <ul className="ov-factors__list">
                    {data.rememberedBrowsers.map((b) => (
                      <li key={b.id}>
                        <strong>{b.name}</strong>
                        <small>{t('factors.security.until', { date: formatDate(b.expiresAt, lang) })}</small>
                      </li>
                    ))}
                  </ul>
                  <Button
                    onClick={() => act(() => ownCalls.forgetBrowsers(), t('factors.security.forgotten'))}
                  >
                    {t('factors.security.forget')}
                  </Button>
                </>
              ) : (
                <p>{t('factors.security.noBrowsers')}</p>
              )}
            </Card>
          ) : null}
          <p>
            <Link to={PATHS.profile}>{t('factors.security.back')}</Link>
          </p>
        </>
      )}
    </div>
  );
}
