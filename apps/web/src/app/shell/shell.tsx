import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '@ov/domain';
import { Button, Drawer, Layout } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { MAIN_ID, SkipLink, usePageAnnouncer } from '../../components/a11y/page-announcer';
import { LanguageSwitch } from '../../components/language-switch/language-switch';
import { BrandMark } from '../../components/public-layout/brand-mark';
import { STORAGE_KEYS, storage } from '../../lib/storage-keys';
import { PATHS } from '../../lib/urls';
import { useIsMobile } from '../../lib/use-is-mobile';
import { PRIVATE_ROUTES } from '../route-table';
import { AppBreadcrumbs } from './app-breadcrumbs';
import { NotificationsButton } from './notifications-button';
import { SideMenu } from './side-menu';
import { UserMenu } from './user-menu';
import './shell.css';

function Brand({ collapsed }: { collapsed?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link to={PATHS.home} className={`ov-shell__brand${collapsed ? ' ov-shell__brand--collapsed' : ''}`}>
      <BrandMark size={32} />
      {collapsed ? null : (
        <span>
          <strong>{t('brand.name')}</strong>
          <small>{t('brand.utility')}</small>
        </span>
      )}
    </Link>
  );
}

/** The signed-in frame: side menu (a drawer below 992 px), header with language, bell and user popup. */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(() => storage.get(STORAGE_KEYS.siderCollapsed) === 'true');
  const [drawerOpen, setDrawerOpen] = useState(false);
  usePageAnnouncer(PRIVATE_ROUTES);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the mobile menu whenever the page changes
  useEffect(() => setDrawerOpen(false), [pathname]);

  const toggleCollapsed = () => {
    setCollapsed((value) => {
      storage.set(STORAGE_KEYS.siderCollapsed, String(!value));
      return !value;
    });
  };

  return (
    <>
      <SkipLink />
      <Layout className={`ov-shell${isMobile ? ' ov-shell--mobile' : ''}`} hasSider={!isMobile}>
        {isMobile ? (
          <Drawer
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            size={SIDEBAR_WIDTH}
            closable={false}
            className="ov-shell__drawer"
            styles={{ body: { padding: 0, background: '#06324f' } }}
          >
            <Brand />
            <SideMenu onNavigate={() => setDrawerOpen(false)} />
          </Drawer>
        ) : (
          <Layout.Sider
            width={SIDEBAR_WIDTH}
            collapsedWidth={SIDEBAR_COLLAPSED_WIDTH}
            collapsed={collapsed}
            trigger={null}
            collapsible
            className="ov-shell__sider"
          >
            <Brand collapsed={collapsed} />
            <SideMenu collapsed={collapsed} />
          </Layout.Sider>
        )}
        <Layout className="ov-shell__main">
          <Layout.Header className="ov-shell__header">
            <Button
              type="text"
              className="ov-shell__toggle"
              icon={isMobile ? <MenuOutlined /> : collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              aria-label={t(
                isMobile ? 'shell.openMenu' : collapsed ? 'shell.expandMenu' : 'shell.collapseMenu',
              )}
              onClick={isMobile ? () => setDrawerOpen(true) : toggleCollapsed}
              data-testid="menu-toggle"
            />
            {isMobile ? <Brand /> : null}
            <div className="ov-shell__actions">
              <LanguageSwitch tone="dark" />
              <NotificationsButton />
              <UserMenu compact={isMobile} />
            </div>
          </Layout.Header>
          <Layout.Content className="ov-shell__content" id={MAIN_ID}>
            <AppBreadcrumbs />
            {children}
          </Layout.Content>
        </Layout>
      </Layout>
    </>
  );
}
