import { theme as antdTheme, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import esES from 'antd/es/locale/es_ES';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { installA11yFixes } from '../a11y/install';
import '../../styles/antd-a11y.css';

/**
 * Text colours of the preset tag colours (`{colour}7` on `{colour}1`), darkened where the default fails
 * WCAG AA contrast at 12 px (gold, lime, yellow, orange, green, cyan, volcano were 2.0–4.4:1).
 */
const TAG_TEXT: Record<string, string> = {
  volcano: '#ad2102',
  orange: '#ad4e00',
  gold: '#874d00',
  yellow: '#876800',
  lime: '#3f6600',
  green: '#237804',
  cyan: '#006d75',
};
/** Both spellings: `green7` (the token) and `green-7` (what the CSS variable is made from). */
const READABLE_TAG_TEXT = Object.fromEntries(
  Object.entries(TAG_TEXT).flatMap(([colour, value]) => [
    [`${colour}7`, value],
    [`${colour}-7`, value],
  ]),
);

/**
 * The utility's water theme: deep blue primary, teal accents, calm neutral surfaces. Every text colour
 * here passes WCAG AA (4.5:1) on the surfaces it is used on: status colours on their light
 * backgrounds (status tags, alerts), secondary and placeholder greys on white and the table header,
 * breadcrumbs and links on the page background.
 */
export const OV_THEME = {
  algorithm: antdTheme.defaultAlgorithm,
  token: {
    colorPrimary: '#0e6ba8',
    /**
     * Darker under the pointer, not lighter as Ant Design derives them: white on the derived #2b83b5
     * was 4.18:1 (and on a touch screen the hover colour stays after every tap); text in #4e9bc2 or
     * #cc5854 was under 4.5:1 on white. As the portal's own buttons (components/ui/ui.css).
     */
    colorPrimaryHover: '#0b5c91',
    colorPrimaryTextHover: '#0b5c91',
    colorLinkHover: '#0b5c91',
    colorErrorHover: '#a32a2a',
    colorErrorTextHover: '#a32a2a',
    colorInfo: '#0e6ba8',
    colorInfoBg: '#e8f2fa',
    colorSuccess: '#137a52',
    colorSuccessBg: '#edf8f2',
    colorSuccessBorder: '#a6d9bf',
    colorWarning: '#9a5800',
    colorWarningBg: '#fff7e6',
    colorWarningBorder: '#f3c77f',
    colorError: '#c03030',
    colorErrorBg: '#fff1f0',
    colorErrorBorder: '#f3b2ae',
    colorLink: '#0e6ba8',
    /** Links inside text are told apart by more than their colour (WCAG 1.4.1). */
    linkDecoration: 'underline' as const,
    colorBgLayout: '#f3f7fb',
    colorTextBase: '#17263a',
    colorTextSecondary: '#4f5d70',
    colorTextTertiary: '#56657a',
    colorTextDescription: '#56657a',
    colorTextPlaceholder: '#5d6b7e',
    colorTextLabel: '#4f5d70',
    ...READABLE_TAG_TEXT,
    borderRadius: 8,
    fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, system-ui, -apple-system, sans-serif',
    fontSize: 14,
    /** Controls at least 24 px high (WCAG 2.2 target size) even in small tables. */
    controlHeightSM: 24,
  },
  components: {
    Layout: { siderBg: '#06324f', headerBg: '#ffffff', headerHeight: 60, headerPadding: '0 20px' },
    Menu: {
      darkItemBg: '#06324f',
      darkSubMenuItemBg: '#052a43',
      darkItemSelectedBg: '#0f7f86',
      darkGroupTitleColor: 'rgba(255,255,255,0.75)',
      darkItemColor: 'rgba(255,255,255,0.85)',
      itemBorderRadius: 8,
    },
    // A chosen row under the pointer stays light enough for the secondary text in it (4.5:1 for
    // #4a5b70 at 12 px; the default derived from the primary colour gave #9ecbdb, 3.97:1).
    Table: { headerBg: '#f5f8fb', rowSelectedBg: '#e8f3f8', rowSelectedHoverBg: '#d6e9f2' },
    Breadcrumb: {
      itemColor: '#4f5d70',
      lastItemColor: '#17263a',
      linkColor: '#0e6ba8',
      linkHoverColor: '#06324f',
      separatorColor: '#4f5d70',
    },
    Pagination: { itemSize: 32, itemSizeSM: 24 },
  },
};

/**
 * Ant Design's theme and language, without the App context (messages, notifications, confirmation
 * dialogs): all the anonymous forms (sign-in, sign-up, recovery) need, so they do not download the
 * signed-in area's overlays. Screens that show messages use `AntdProvider`.
 */
export function AntdConfig({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'es';
  useEffect(() => installA11yFixes(), []);
  return (
    <ConfigProvider theme={OV_THEME} locale={language === 'en' ? enUS : esES}>
      {children}
    </ConfigProvider>
  );
}
