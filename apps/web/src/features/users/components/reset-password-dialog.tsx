import { ThunderboltOutlined } from '@ant-design/icons';
import { AUTO_PASSWORD_LENGTH } from '@ov/domain/constants';
import { generatePassword } from '@ov/domain/validation/generate-password';
import { validationMessage } from '@ov/domain/validation/messages';
import { passwordSchema } from '@ov/domain/validation/rules';
import { useMutation } from '@tanstack/react-query';
import { Button, Checkbox, Form, Input, Modal, Space, Switch, Tooltip } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageForm } from '../../../components/form/use-language-form';
import { zodRule } from '../../../components/form/zod-rule';
import { displayName } from '../../../lib/current-user';
import { notify } from '../../../lib/notify';
import { resetPassword } from '../api/reset-password';
import type { User } from '../types';

interface ResetPasswordValues {
  autoGeneratePassword: boolean;
  password?: string;
  changePasswordRequire: boolean;
}

/**
 * Reset a user's password (spec §2, §5): auto-generate 8 characters (e-mailed to the user) or type one,
 * and whether it must be changed at the next sign-in. Required unless auto-generated.
 */
export function ResetPasswordDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'es';
  const [form] = useLanguageForm<ResetPasswordValues>();
  const auto = Form.useWatch('autoGeneratePassword', form);

  useEffect(() => {
    if (user) form.setFieldsValue({ autoGeneratePassword: true, password: '', changePasswordRequire: true });
  }, [user, form]);

  const reset = useMutation({
    mutationFn: (values: ResetPasswordValues) =>
      resetPassword({
        _id: user?._id ?? '',
        autoGeneratePassword: values.autoGeneratePassword,
        changePasswordRequire: values.changePasswordRequire,
        ...(values.autoGeneratePassword ? {} : { password: values.password }),
      }),
    onSuccess: (result) => {
      notify.success(t(result.mailed ? 'users.reset.mailed' : 'users.reset.done'));
      onClose();
    },
  });

  const submit = async () => {
    try {
      reset.mutate(await form.validateFields());
    } catch {
      // Shown next to the field.
    }
  };

  const generateLabel = t('users.reset.generate');
  return (
    <Modal
      open={user !== null}
      title={t('users.reset.title')}
      okText={t('users.reset.submit')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={reset.isPending}
      destroyOnHidden
      data-testid="reset-password-dialog"
    >
      {user ? <p className="ov-users__dialog-subject">{`${displayName(user)} · ${user.email}`}</p> : null}
      <Form form={form} layout="vertical" requiredMark={false} preserve={false}>
        <Form.Item
          name="autoGeneratePassword"
          label={t('users.reset.auto', { count: AUTO_PASSWORD_LENGTH })}
          valuePropName="checked"
          extra={auto ? t('users.reset.autoHint') : undefined}
        >
          <Switch data-testid="reset-auto" />
        </Form.Item>
        {auto === false ? (
          <Form.Item
            label={t('users.reset.password')}
            required
            extra={validationMessage('passwordHint', undefined, lang)}
          >
            <Space.Compact block>
              <Form.Item name="password" noStyle rules={[zodRule(passwordSchema, lang)]}>
                <Input.Password autoComplete="new-password" data-testid="reset-password" />
              </Form.Item>
              <Tooltip title={generateLabel}>
                <Button
                  icon={<ThunderboltOutlined />}
                  aria-label={generateLabel}
                  onClick={() => {
                    form.setFieldValue('password', generatePassword(12));
                    void form.validateFields(['password']);
                  }}
                />
              </Tooltip>
            </Space.Compact>
          </Form.Item>
        ) : null}
        <Form.Item name="changePasswordRequire" valuePropName="checked">
          <Checkbox data-testid="reset-change-required">{t('users.reset.changeOnNextLogin')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
