import { useTranslation } from 'react-i18next';
import { Alert, Spin } from '../../../components/ui';
import type { LinkState } from './link-state';

/** What an e-mailed link did: checking spinner, success text, or why it cannot be used. */
export function LinkAlert({ state, doneText }: { state: LinkState; doneText: string }) {
  const { t } = useTranslation();
  if (state.kind === 'checking')
    return (
      <div className="ov-account__checking" data-testid="link-checking">
        <Spin size="small" /> <span>{t('account.common.checking')}</span>
      </div>
    );
  if (state.kind === 'done')
    return (
      <Alert
        className="ov-account__alert"
        type="success"
        showIcon
        title={doneText}
        data-testid="link-done"
        role="status"
      />
    );
  const text =
    state.kind === 'invalid'
      ? t('account.common.linkInvalid')
      : state.kind === 'expired'
        ? t('account.common.linkExpired')
        : state.kind === 'missing'
          ? t('account.common.linkMissing')
          : state.text;
  return (
    <Alert
      className="ov-account__alert"
      type={state.kind === 'missing' ? 'info' : 'error'}
      showIcon
      title={text}
      data-testid="link-error"
      role="alert"
    />
  );
}
