import '../i18n';
import { DeleteOutlined, LogoutOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { CLIENT_TYPES, profileFormSchema, profileUpdateSchema } from '@ov/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Avatar, Button, Divider, Form, Input } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { zodRule } from '../../../components/form/zod-rule';
import { NativeSelect } from '../../../components/native-select/native-select';
import { matchesRule, PasswordField } from '../../../components/password-field/password-field';
import { displayName, useCurrentUser } from '../../../lib/current-user';
import { errorText } from '../../../lib/error-text';
import { cacheProfile, clearSession } from '../../../lib/session';
import { PATHS } from '../../../lib/urls';
import { useMunicipalities } from '../api/municipalities';
import {
  type Profile,
  renewSession,
  signOutEverywhere,
  updateProfile,
  uploadImage,
} from '../api/profile-calls';
import { type ProfileFormValues, toProfileUpdate } from '../profile-update';
import '../components/account.css';
import './profile-page.css';
import { Card } from '../../../components/card/card';
import { useLanguageForm } from '../../../components/form/use-language-form';

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
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const upload = async (file: File) => {
    setUploading(true);
    try {
      onChange(await uploadImage(file));
      void message.success(t('account.profile.uploaded'));
    } catch (error) {
      void message.error(errorText(error, t, i18n.language));
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
  const { t, i18n } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const confirm = () =>
    modal.confirm({
      title: t('account.profile.sessions.confirmTitle'),
      content: t('account.profile.sessions.confirmText'),
      okText: t('account.profile.sessions.confirm'),
      okButtonProps: { danger: true, 'data-testid': 'signout-all-confirm' } as never,
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await signOutEverywhere();
          navigate(PATHS.home, { replace: true });
          clearSession();
        } catch (error) {
          void message.error(errorText(error, t, i18n.language));
        }
      },
    });
  return (
    <Card title={t('account.profile.sessions.title')} className="ov-profile__card">
      <p className="ov-account__muted">{t('account.profile.sessions.text')}</p>
      <Button danger icon={<LogoutOutlined />} onClick={confirm} data-testid="signout-all">
        {t('account.profile.sessions.button')}
      </Button>
    </Card>
  );
}

/** `/profile` and `/profile/personal`: the edit-only form of spec §2 with the save semantics of §5. */
export default function ProfilePage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { user: current } = useCurrentUser();
  const user = current as Profile;
  const [form] = useLanguageForm<ProfileFormValues>();
  const { options: municipalities, loading } = useMunicipalities();
  const [avatar, setAvatar] = useState<{ thumb: string | null; image: string }>({
    thumb: user.avatar ?? null,
    image: user.avatarOriginal ?? user.avatar ?? '',
  });
  const [pendingEmail, setPendingEmail] = useState<string | null>(user.pendingEmail ?? null);
  const [saving, setSaving] = useState(false);
  const lang = i18n.language;
  const rule = (schema: Parameters<typeof zodRule>[0]) => zodRule(schema, lang);

  const onFinish = async (values: ProfileFormValues) => {
    const body = toProfileUpdate(values, avatar.image);
    if (!profileUpdateSchema.safeParse(body).success) return;
    setSaving(true);
    try {
      const saved = await updateProfile(body);
      if (body.password) await renewSession(saved.email, body.password);
      queryClient.setQueryData(ME_KEY, saved);
      cacheProfile(saved);
      setPendingEmail(saved.pendingEmail ?? null);
      form.setFieldsValue({ email: saved.email, currentPassword: '', password: '', confirmPassword: '' });
      void message.success(t('account.profile.saved'));
      if (saved.pendingEmail && body.email === saved.pendingEmail)
        void message.info(t('account.profile.emailSent', { email: saved.pendingEmail }), 6);
      if (body.password) void message.info(t('account.profile.passwordChanged'));
    } catch (error) {
      void message.error(errorText(error, t, lang));
    } finally {
      setSaving(false);
    }
  };

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
          <Form<ProfileFormValues>
            form={form}
            layout="vertical"
            requiredMark={false}
            initialValues={initialValues(user)}
            onFinish={onFinish}
            disabled={saving}
            className="ov-profile__form"
            data-testid="profile-form"
            scrollToFirstError
          >
            <div className="ov-account__grid">
              <Form.Item name="firstName" label={t('account.profile.firstName')} rules={[rule(S.firstName)]}>
                <Input autoComplete="given-name" />
              </Form.Item>
              <Form.Item name="lastName" label={t('account.profile.lastName')} rules={[rule(S.lastName)]}>
                <Input autoComplete="family-name" />
              </Form.Item>
              <Form.Item name="username" label={t('account.profile.username')} rules={[rule(S.username)]}>
                <Input autoComplete="username" />
              </Form.Item>
              <Form.Item name="phone" label={t('account.profile.phone')} rules={[rule(S.phone)]}>
                <Input type="tel" autoComplete="tel" />
              </Form.Item>
              <Form.Item
                name="email"
                label={t('account.profile.email')}
                rules={[rule(S.email)]}
                extra={t('account.profile.emailHelp')}
                className="ov-account__full"
              >
                <Input type="email" autoComplete="email" />
              </Form.Item>
              {pendingEmail ? (
                <Alert
                  className="ov-account__full ov-account__alert"
                  type="info"
                  showIcon
                  title={t('account.profile.emailPending', { email: pendingEmail })}
                  data-testid="email-pending"
                />
              ) : null}
              <Form.Item name="municipality" label={t('account.profile.municipality')}>
                <NativeSelect
                  className="ov-select--block"
                  disabled
                  loading={loading}
                  options={municipalities.map((option) => ({ value: option.pk, label: option.municipio }))}
                />
              </Form.Item>
              <Form.Item name="clientType" label={t('account.profile.clientType')}>
                <NativeSelect
                  className="ov-select--block"
                  disabled
                  options={CLIENT_TYPES.map((type) => ({ value: type, label: t(`clientTypes.${type}`) }))}
                />
              </Form.Item>
              <p className="ov-account__full ov-account__muted ov-profile__note">
                {t('account.profile.readOnly')}
              </p>
            </div>
            <Divider titlePlacement="start">{t('account.profile.passwordSection')}</Divider>
            <p className="ov-account__muted">{t('account.profile.passwordHelp')}</p>
            <div className="ov-account__grid">
              <Form.Item
                name="currentPassword"
                label={t('account.profile.currentPassword')}
                dependencies={['password']}
                rules={[
                  ({ getFieldValue }) => ({
                    required: Boolean(getFieldValue('password')),
                    message: t('account.profile.currentRequired'),
                  }),
                ]}
              >
                <Input.Password autoComplete="current-password" data-testid="profile-current-password" />
              </Form.Item>
              <Form.Item name="password" label={t('account.profile.password')} rules={[rule(S.password)]}>
                <PasswordField onGenerate={(password) => form.setFieldValue('confirmPassword', password)} />
              </Form.Item>
              <Form.Item
                name="confirmPassword"
                label={t('account.profile.confirmPassword')}
                dependencies={['password']}
                rules={[matchesRule('password', lang)]}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </div>
            <div className="ov-profile__actions">
              <Button type="primary" htmlType="submit" loading={saving} data-testid="profile-save">
                {t('account.profile.save')}
              </Button>
            </div>
          </Form>
        </div>
      </Card>
      <SessionsCard />
    </div>
  );
}
