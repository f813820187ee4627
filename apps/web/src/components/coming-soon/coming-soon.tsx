import { useTranslation } from 'react-i18next';
import { Icon } from '../icon/icon';
import { ToolOutlined } from '../icon/icon-paths';
import { Result } from '../result/result';

/** An honest page for a screen a later release fills in. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Result
      icon={<Icon drawing={ToolOutlined} style={{ color: '#14a3a3' }} />}
      title={t(titleKey)}
      subTitle={t('common.comingSoon')}
      data-testid="coming-soon"
    />
  );
}
