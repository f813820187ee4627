import { ToolOutlined } from '@ant-design/icons';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** An honest page for a screen a later release fills in. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <Result
      icon={<ToolOutlined style={{ color: '#14a3a3' }} />}
      title={t(titleKey)}
      subTitle={t('common.comingSoon')}
      data-testid="coming-soon"
    />
  );
}
