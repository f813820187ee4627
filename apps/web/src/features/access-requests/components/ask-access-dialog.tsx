import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLanguageForm } from '../../../components/form/use-language-form';
import { useCurrentUser } from '../../../lib/current-user';
import { notify } from '../../../lib/notify';
import { ACCESS_REQUESTS_QUERY_KEY, createAccessRequest, useRoleChoices } from '../api/access-requests';
import { roleLabel } from './role-label';

interface AskValues {
  roleId: string;
  justification: string;
}

/** "Solicitar acceso": a staff member asks for a role with a justification (10 to 500 characters). */
export function AskAccessDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const [form] = useLanguageForm<AskValues>();
  const roles = useRoleChoices();
  const held = new Set(user.roles.flatMap((entry) => (entry.role ? [entry.role.name] : [])));
  const choices = (roles.data ?? []).filter((role) => !held.has(role.name) && role.name !== 'USER');

  const ask = useMutation({
    mutationFn: (values: AskValues) =>
      createAccessRequest({ roleId: values.roleId.trim(), justification: values.justification.trim() }),
    onSuccess: async () => {
      notify.success(t('access-requests.ask.sent'));
      await queryClient.invalidateQueries({ queryKey: ACCESS_REQUESTS_QUERY_KEY });
      onClose();
    },
  });

  const submit = async () => {
    try {
      ask.mutate(await form.validateFields());
    } catch {
      // Shown next to the fields.
    }
  };

  return (
    <Modal
      open={open}
      title={t('access-requests.ask.title')}
      okText={t('access-requests.ask.submit')}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={ask.isPending}
      destroyOnHidden
      data-testid="ask-access-dialog"
    >
      <p className="ov-access__intro">{t('access-requests.ask.intro')}</p>
      <Form form={form} layout="vertical" requiredMark="optional" preserve={false}>
        <Form.Item
          name="roleId"
          label={t('access-requests.fields.role')}
          rules={[{ required: true, whitespace: true, message: t('access-requests.validation.required') }]}
        >
          {roles.isError ? (
            <Input placeholder={t('access-requests.ask.rolePlaceholder')} data-testid="ask-role" />
          ) : (
            <Select
              loading={roles.isPending}
              options={choices.map((role) => ({ value: role._id, label: roleLabel(t, role.name) }))}
              data-testid="ask-role"
            />
          )}
        </Form.Item>
        {roles.isError ? (
          <Alert
            type="info"
            showIcon
            className="ov-access__hint"
            message={t('access-requests.ask.typeRole')}
          />
        ) : null}
        <Form.Item
          name="justification"
          label={t('access-requests.fields.justification')}
          rules={[
            { required: true, whitespace: true, message: t('access-requests.validation.required') },
            { min: 10, max: 500, message: t('access-requests.validation.justification') },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} showCount maxLength={500} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
