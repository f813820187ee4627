import { App as AntApp, theme as antdTheme, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import esES from 'antd/locale/es_ES';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { setDateLocale } from '../lib/format';

/** The utility's water theme: deep blue primary, teal accents, calm neutral surfaces. */
export const OV_THEME = {
  algorithm: antdTheme.defaultAlgorithm,
  token: {
    colorPrimary: '#0e6ba8',
    colorInfo: '#0e6ba8',
    colorSuccess: '#1f9d6a',
    colorWarning: '#e08a1e',
    colorError: '#d64545',
    colorLink: '#0e6ba8',
    colorBgLayout: '#f3f7fb',
    colorTextBase: '#17263a',
    borderRadius: 8,
    fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, system-ui, -apple-system, sans-serif',
    fontSize: 14,
  },
  components: {
    Layout: { siderBg: '#06324f', headerBg: '#ffffff', headerHeight: 60, headerPadding: '0 20px' },
    Menu: {
      darkItemBg: '#06324f',
      darkSubMenuItemBg: '#052a43',
      darkItemSelectedBg: '#14a3a3',
      darkGroupTitleColor: 'rgba(255,255,255,0.5)',
      itemBorderRadius: 8,
    },
    Table: { headerBg: '#f5f8fb' },
  },
};

/** Ant Design configuration (theme, language) for every screen that uses it. */
export function AntdProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'es';
  useEffect(() => setDateLocale(language), [language]);
  return (
    <ConfigProvider theme={OV_THEME} locale={language === 'en' ? enUS : esES}>
      <AntApp>{children}</AntApp>
    </ConfigProvider>
  );
}
