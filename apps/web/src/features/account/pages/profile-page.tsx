import '../i18n';
import { DeleteOutlined, LogoutOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { CLIENT_TYPES } from '@ov/domain/enums';
import { profileFormSchema, profileUpdateSchema } from '@ov/domain/validation/forms';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { zodMessage } from '../../../components/form/zod-rule';
import { Field } from '../../../components/form-kit/field';
import { PasswordInput, TextInput } from '../../../components/form-kit/inputs';
import { type FieldChecks, useForm } from '../../../components/form-kit/use-form';
import { NativeSelect } from '../../../components/native-select/native-select';
import { confirmationCheck, NewPasswordFields } from '../../../components/password-field/password-field';
import { Alert, Avatar, Button, Divider, Popconfirm } from '../../../components/ui';
import { displayName, useCurrentUser } from '../../../lib/current-user';
import { useMunicipalityOptions } from '../../../lib/municipalities';
import { notify } from '../../../lib/notify';
import { cacheProfile, clearSession } from '../../../lib/session';
import { PATHS } from '../../../lib/urls';
import {
  type Profile,
  renewSession,
  signOutEverywhere,
  updateProfile,
  uploadImage,
} from '../api/profile-calls';
import { NotificationPreferencesCard } from '../components/notification-preferences';
import { type ProfileFormValues, toProfileUpdate } from '../profile-update';
import '../components/account.css';
import './profile-page.css';
import { Card } from '../../../components/card/card';

const S = profileFormSchema.shape;
const ME_KEY = ['users', 'me'] as const;

function initialValues(user: Profile): ProfileFormValues {
  return {
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    username: user.username ?? '',
    phone: user.phone ?? '',
    email: user.email ?? '',
    clientType: user.clientType ?? null,
    municipality: user.address?.municipality ?? null,
    currentPassword: '',
    password: '',
    confirmPassword: '',
  };
}

function AvatarPicker({
  preview,
  name,
  onChange,
}: {
  preview: string | null;
  name: string;
  onChange: (value: { thumb: string; image: string } | null) => void;
}) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = async (file: File) => {
    setUploading(true);
    try {
      onChange(await uploadImage(file));
      notify.success(t('account.profile.uploaded'));
    } catch (error) {
      notify.error(error);
    } finally {
      setUploading(false);
    }
  };
  return (
    <div className="ov-profile__avatar" data-testid="profile-avatar">
      <Avatar
        size={112}
        src={preview ?? undefined}
        icon={preview ? undefined : <UserOutlined />}
        alt={name}
      />
      <div className="ov-profile__avatar-actions">
        {/* The browser's own file picker, opened by the button (Ant Design's Upload is a chunk of its
            own for this one button); the input is out of the tab order and of the accessibility tree. */}
        <input
          ref={fileInput}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
        <Button
          icon={<UploadOutlined />}
          loading={uploading}
          onClick={() => fileInput.current?.click()}
          data-testid="avatar-upload"
        >
          {t('account.profile.upload')}
        </Button>
        {preview ? (
          <Button type="text" danger icon={<DeleteOutlined />} onClick={() => onChange(null)}>
            {t('account.profile.removePhoto')}
          </Button>
        ) : null}
      </div>
      <small className="ov-account__muted">{t('account.profile.photoHint')}</small>
    </div>
  );
}

function SessionsCard() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signOutAll = async () => {
    try {
      await signOutEverywhere();
      navigate(PATHS.home, { replace: true });
      clearSession();
    } catch (error) {
      notify.error(error);
    }
  };
  return (
    <Card title={t('account.profile.sessions.title')} className="ov-profile__card">
      <p className="ov-account__muted">{t('account.profile.sessions.text')}</p>
      <Popconfirm
        title={t('account.profile.sessions.confirmTitle')}
        description={t('account.profile.sessions.confirmText')}
        okText={t('account.profile.sessions.confirm')}
        cancelText={t('common.cancel')}
        okButtonProps={{ danger: true, 'data-testid': 'signout-all-confirm' }}
        onConfirm={signOutAll}
      >
        <Button danger icon={<LogoutOutlined />} data-testid="signout-all">
          {t('account.profile.sessions.button')}
        </Button>
      </Popconfirm>
    </Card>
  );
}

/** `/profile` and `/profile/personal`: the edit-only form of spec §2 with the save semantics of §5. */
export default function ProfilePage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { user: current } = useCurrentUser();
  const user = current as Profile;
  const lang = i18n.language;
  const checks = useMemo<FieldChecks<ProfileFormValues>>(() => {
    const zod = (schema: Parameters<typeof zodMessage>[0]) => (value: unknown) =>
      zodMessage(schema, value, lang);
    return {
      firstName: zod(S.firstName),
      lastName: zod(S.lastName),
      username: zod(S.username),
      phone: zod(S.phone),
      email: zod(S.email),
      // The current password is asked for only when a new one is given.
      currentPassword: (value, values) =>
        values.password && !value ? t('account.profile.currentRequired') : undefined,
      password: zod(S.password),
      confirmPassword: confirmationCheck(lang),
    };
  }, [lang, t]);
  const form = useForm<ProfileFormValues>({ initialValues: initialValues(user), checks });
  const { options: municipalities, loading } = useMunicipalityOptions();
  const [avatar, setAvatar] = useState<{ thumb: string | null; image: string }>({
    thumb: user.avatar ?? null,
    image: user.avatarOriginal ?? user.avatar ?? '',
  });
  const [pendingEmail, setPendingEmail] = useState<string | null>(user.pendingEmail ?? null);
  const [saving, setSaving] = useState(false);

  const onValid = async (values: ProfileFormValues) => {
    const body = toProfileUpdate(values, avatar.image);
    if (!profileUpdateSchema.safeParse(body).success) return;
    setSaving(true);
    try {
      const saved = await updateProfile(body);
      if (body.password) await renewSession(saved.email, body.password);
      queryClient.setQueryData(ME_KEY, saved);
      cacheProfile(saved);
      setPendingEmail(saved.pendingEmail ?? null);
      form.setValues({ email: saved.email, currentPassword: '', password: '', confirmPassword: '' });
      notify.success(t('account.profile.saved'));
      if (saved.pendingEmail && body.email === saved.pendingEmail)
        notify.info(t('account.profile.emailSent', { email: saved.pendingEmail }));
      if (body.password) notify.info(t('account.profile.passwordChanged'));
    } catch (error) {
      notify.error(error);
    } finally {
      setSaving(false);
    }
  };

  const text = (name: keyof ProfileFormValues, label: string, props: Record<string, string> = {}) => (
    <Field {...form.fieldOf(name)} label={label}>
      <TextInput {...form.bind(name)} {...props} />
    </Field>
  );

  return (
    <div className="ov-profile" data-testid="profile">
      <div className="ov-page-header">
        <h1>{t('account.profile.title')}</h1>
      </div>
      <Card title={t('account.profile.personal')} className="ov-profile__card">
        <div className="ov-profile__layout">
          <AvatarPicker
            preview={avatar.thumb}
            name={displayName(user)}
            onChange={(value) => setAvatar(value ?? { thumb: null, image: '' })}
          />
          <form
            className="ov-profile__form"
            data-testid="profile-form"
            noValidate
            onSubmit={form.handleSubmit(onValid)}
          >
            <fieldset className="ov-form-fieldset" disabled={saving}>
              <div className="ov-account__grid">
                {text('firstName', t('account.profile.firstName'), { autoComplete: 'given-name' })}
                {text('lastName', t('account.profile.lastName'), { autoComplete: 'family-name' })}
                {text('username', t('account.profile.username'), { autoComplete: 'username' })}
                {text('phone', t('account.profile.phone'), { type: 'tel', autoComplete: 'tel' })}
                <Field
                  {...form.fieldOf('email')}
                  label={t('account.profile.email')}
                  help={t('account.profile.emailHelp')}
                  className="ov-account__full"
                >
                  <TextInput {...form.bind('email', { help: true })} type="email" autoComplete="email" />
                </Field>
                {pendingEmail ? (
                  <Alert
                    className="ov-account__full ov-account__alert"
                    type="info"
                    showIcon
                    title={t('account.profile.emailPending', { email: pendingEmail })}
                    data-testid="email-pending"
                  />
                ) : null}
                <Field {...form.fieldOf('municipality')} label={t('account.profile.municipality')}>
                  <NativeSelect
                    {...form.bind('municipality')}
                    value={form.values.municipality}
                    className="ov-select--block"
                    disabled
                    loading={loading}
                    options={municipalities.map((option) => ({ value: option.pk, label: option.municipio }))}
                  />
                </Field>
                <Field {...form.fieldOf('clientType')} label={t('account.profile.clientType')}>
                  <NativeSelect
                    {...form.bind('clientType')}
                    value={form.values.clientType}
                    className="ov-select--block"
                    disabled
                    options={CLIENT_TYPES.map((type) => ({ value: type, label: t(`clientTypes.${type}`) }))}
                  />
                </Field>
                <p className="ov-account__full ov-account__muted ov-profile__note">
                  {t('account.profile.readOnly')}
                </p>
              </div>
              <Divider titlePlacement="start">{t('account.profile.passwordSection')}</Divider>
              <p className="ov-account__muted">{t('account.profile.passwordHelp')}</p>
              <div className="ov-account__grid">
                <Field {...form.fieldOf('currentPassword')} label={t('account.profile.currentPassword')}>
                  <PasswordInput
                    {...form.bind('currentPassword')}
                    autoComplete="current-password"
                    data-testid="profile-current-password"
                  />
                </Field>
                <NewPasswordFields
                  form={form}
                  passwordLabel={t('account.profile.password')}
                  confirmLabel={t('account.profile.confirmPassword')}
                />
              </div>
              <div className="ov-profile__actions">
                <Button type="primary" htmlType="submit" loading={saving} data-testid="profile-save">
                  {t('account.profile.save')}
                </Button>
              </div>
            </fieldset>
          </form>
        </div>
      </Card>
      <NotificationPreferencesCard />
      <SessionsCard />
      <p className="ov-profile__security">
        <Link to={PATHS.profileSecurity} data-testid="profile-security">
          {t('account.profile.securityLink')}
        </Link>
      </p>
    </div>
  );
}
