import { SafetyOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { displayName } from '../../../lib/current-user';
import { notify } from '../../../lib/notify';
import {
  type EnrolledFactors,
  resetSecondFactors,
  secondFactorsKey,
  secondFactorsQuery,
} from '../api/second-factors';
import type { User } from '../types';

/** "Authenticator app · 2 passkeys", or "None". */
function useFactorsText() {
  const { t } = useTranslation();
  return (factors: EnrolledFactors) => {
    const parts = [
      ...(factors.authenticatorApp ? [t('users.factors.app')] : []),
      ...(factors.passkeys > 0 ? [t('users.factors.passkeys', { count: factors.passkeys })] : []),
    ];
    return parts.length ? parts.join(' · ') : t('users.factors.none');
  };
}

/** The detail's "Second factor" line (shown to super-administrators only). */
export function UserSecondFactors({ userId }: { userId: string }) {
  const text = useFactorsText();
  const factors = useQuery(secondFactorsQuery(userId));
  return <span data-testid="user-second-factors">{factors.data ? text(factors.data) : '—'}</span>;
}

/**
 * Issue 30: a super-administrator clears a person's second factors, after a confirmation that says what
 * they have; the API ends their sessions, traces it and e-mails them. Focus goes back to the button.
 */
export function ResetFactorsButton({ user }: { user: User }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const text = useFactorsText();
  const factors = useQuery(secondFactorsQuery(user._id));
  const reset = useMutation({
    mutationFn: () => resetSecondFactors(user._id),
    onSuccess: async () => {
      notify.success(t('users.factors.done', { name: displayName(user) }));
      await queryClient.invalidateQueries({ queryKey: secondFactorsKey(user._id) });
    },
  });

  const ask = () =>
    modal.confirm({
      title: t('users.factors.title', { name: displayName(user) }),
      content: (
        <div data-testid="reset-factors-dialog">
          {factors.data ? (
            <p>
              {factors.data.authenticatorApp || factors.data.passkeys > 0
                ? t('users.factors.current', { factors: text(factors.data) })
                : t('users.factors.nothing')}
            </p>
          ) : null}
          <p>{t('users.factors.text')}</p>
        </div>
      ),
      okText: t('users.factors.submit'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () => reset.mutateAsync().catch(() => undefined),
    });

  return (
    <Button
      icon={<SafetyOutlined />}
      onClick={ask}
      loading={reset.isPending}
      data-testid="view-reset-factors"
    >
      {t('users.actions.resetFactors')}
    </Button>
  );
}
