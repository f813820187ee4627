import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { MAIN_ID, SkipLink, usePageAnnouncer } from '../../components/a11y/page-announcer';
import { LanguageSwitch } from '../../components/language-switch/language-switch';
import { SHELL_SIZES } from '../../components/page-loader/shell-sizes';
import { BrandMark } from '../../components/public-layout/brand-mark';
import { STORAGE_KEYS, storage } from '../../lib/storage-keys';
import { PATHS } from '../../lib/urls';
import { useIsMobile } from '../../lib/use-is-mobile';
import { PRIVATE_ROUTES } from '../route-table';
import { AppBreadcrumbs } from './app-breadcrumbs';
import { MenuDrawer } from './menu-drawer';
import { NotificationsButton } from './notifications-button';
import { SideMenu } from './side-menu';
import { UserMenu } from './user-menu';
// The side bar, header and brand: the same rules as the loading frame the shell replaces.
import '../../components/page-loader/signed-in-frame.css';
import './shell.css';

function Brand({ collapsed }: { collapsed?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to={PATHS.home}
      className={`ov-shell__brand${collapsed ? ' ov-shell__brand--collapsed' : ''}`}
      // Collapsed, the mark alone: named and titled as the brand.
      aria-label={collapsed ? t('brand.name') : undefined}
      title={collapsed ? t('brand.name') : undefined}
    >
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

/**
 * The signed-in frame, in plain elements: side menu (a dialog below 992 px), header with language,
 * bell and the user's menu, breadcrumbs above the page.
 */
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
      <div className={`ov-shell${collapsed && !isMobile ? ' ov-shell--collapsed' : ''}`} style={SHELL_SIZES}>
        {isMobile ? (
          <MenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} label={t('shell.navigation')}>
            <Brand />
            <SideMenu onNavigate={() => setDrawerOpen(false)} />
          </MenuDrawer>
        ) : (
          <aside className="ov-shell__sider">
            <Brand collapsed={collapsed} />
            <SideMenu collapsed={collapsed} />
          </aside>
        )}
        <div className="ov-shell__main">
          <header className="ov-shell__header">
            <Button
              type="text"
              className="ov-shell__toggle"
              icon={isMobile ? <MenuOutlined /> : collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              aria-label={t(
                isMobile ? 'shell.openMenu' : collapsed ? 'shell.expandMenu' : 'shell.collapseMenu',
              )}
              aria-haspopup={isMobile ? 'dialog' : undefined}
              onClick={isMobile ? () => setDrawerOpen(true) : toggleCollapsed}
              data-testid="menu-toggle"
            />
            {isMobile ? <Brand /> : null}
            <div className="ov-shell__actions">
              <LanguageSwitch tone="dark" />
              <NotificationsButton />
              <UserMenu compact={isMobile} />
            </div>
          </header>
          <main className="ov-shell__content" id={MAIN_ID}>
            <AppBreadcrumbs />
            {children}
          </main>
        </div>
      </div>
    </>
  );
}
