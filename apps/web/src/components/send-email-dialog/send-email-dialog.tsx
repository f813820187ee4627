import './i18n';
import { DYNAMIC_FILTER_SIZE, SELECT_DEBOUNCE_MS } from '@ov/domain/constants';
import { emailMessageSchema } from '@ov/domain/validation/forms';
import { translateValidationMessage } from '@ov/domain/validation/messages';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Select, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../lib/api-client';
import { displayName } from '../../lib/current-user';
import { errorText } from '../../lib/error-text';
import { searchList } from '../../lib/list-query';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useLanguageForm } from '../form/use-language-form';
import { zodRule } from '../form/zod-rule';
import { addressOptions, type RecipientOption, toRecipients, userOption } from './recipients';

interface UserHit {
  _id: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  fullName?: string | null;
}

interface MailValues {
  to: RecipientOption[];
  subject: string;
  body: string;
}

export interface SendEmailDialogProps {
  open: boolean;
  onClose: () => void;
  /** Preselected recipients (e.g. the user of a list row). */
  initialRecipients?: RecipientOption[];
}

const S = emailMessageSchema.shape;

/**
 * The send-e-mail dialog (spec §2, §5): users found by POST /api/users/search (size 50, 350 ms debounce)
 * are sent as `_id`; typed text with '@' offers gmail/yahoo/outlook/protonmail completions sent as `email`.
 */
export default function SendEmailDialog({ open, onClose, initialRecipients = [] }: SendEmailDialogProps) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = useLanguageForm<MailValues>();
  const [typed, setTyped] = useState('');
  const [sending, setSending] = useState(false);
  const lang = i18n.language === 'en' ? 'en' : 'es';
  const search = useDebouncedValue(typed.trim(), SELECT_DEBOUNCE_MS);
  const lookup = search.includes('@') && !search.split('@')[0] ? '' : search;

  const users = useQuery({
    queryKey: ['users', 'recipients', lookup],
    queryFn: ({ signal }) =>
      searchList<UserHit>(
        '/users/search',
        { page: 1, size: DYNAMIC_FILTER_SIZE, search: lookup, filters: [] },
        signal,
      ),
    enabled: open && lookup.length > 0,
    staleTime: 30_000,
  });

  const options = useMemo(() => {
    const addresses = addressOptions(typed);
    const found = (users.data?.items ?? []).map((user) =>
      userOption(user._id, `${displayName(user as never)} <${user.email}>`),
    );
    const groups = [];
    if (addresses.length) groups.push({ label: t('sendEmail.addresses'), options: addresses });
    if (found.length) groups.push({ label: t('sendEmail.users'), options: found });
    return groups;
  }, [typed, users.data, t]);

  const onFinish = async (values: MailValues) => {
    const body = {
      to: toRecipients(values.to.map((option) => option.value)),
      subject: values.subject.trim(),
      body: values.body.trim(),
    };
    setSending(true);
    try {
      const answer = await api.post<{ queued: number }>('/notifications/email', body);
      void message.success(t('sendEmail.sent', { count: answer.queued }));
      onClose();
    } catch (error) {
      void message.error(errorText(error, t, i18n.language));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('sendEmail.title')}
      okText={t('sendEmail.send')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={sending}
      destroyOnHidden
      data-testid="send-email-dialog"
    >
      <Form<MailValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        initialValues={{ to: initialRecipients, subject: '', body: '' }}
        disabled={sending}
      >
        <Form.Item
          name="to"
          label={t('sendEmail.to')}
          rules={[
            {
              validator: async (_rule, value: RecipientOption[] | undefined) => {
                const to = toRecipients((value ?? []).map((option) => option.value));
                const result = S.to.safeParse(to);
                if (!result.success)
                  throw new Error(translateValidationMessage(result.error.issues[0]?.message ?? '', lang));
              },
            },
          ]}
        >
          <Select
            mode="multiple"
            labelInValue
            showSearch={{ filterOption: false, onSearch: setTyped, searchValue: typed }}
            options={options}
            placeholder={t('sendEmail.toPlaceholder')}
            notFoundContent={
              users.isFetching ? <Spin size="small" /> : typed ? t('sendEmail.noMatches') : null
            }
            onSelect={() => setTyped('')}
            data-testid="send-email-to"
          />
        </Form.Item>
        <Form.Item name="subject" label={t('sendEmail.subject')} rules={[zodRule(S.subject, i18n.language)]}>
          <Input />
        </Form.Item>
        <Form.Item name="body" label={t('sendEmail.body')} rules={[zodRule(S.body, i18n.language)]}>
          <Input.TextArea rows={6} showCount maxLength={5000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
