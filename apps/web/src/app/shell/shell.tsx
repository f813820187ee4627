import { SIDEBAR_COLLAPSED_WIDTH, SIDEBAR_WIDTH } from '@ov/domain/constants';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { MAIN_ID, SkipLink, usePageAnnouncer } from '../../components/a11y/page-announcer';
import { Icon } from '../../components/icon/icon';
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from '../../components/icon/icon-paths';
import { LanguageSwitch } from '../../components/language-switch/language-switch';
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
import './shell.css';

function Brand({ collapsed }: { collapsed?: boolean }) {
  const { t } = useTranslation();
  return (
    <Link
      to={PATHS.home}
      className={`ov-shell__brand${collapsed ? ' ov-shell__brand--collapsed' : ''}`}
      aria-label={collapsed ? t('brand.name') : undefined}
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
 * The signed-in frame, with no Ant Design: side menu (a drawer below 992 px), header with language,
 * bell and user menu, breadcrumbs, and the page.
 */
export function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(() => storage.get(STORAGE_KEYS.siderCollapsed) === 'true');
  const [drawerOpen, setDrawerOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  usePageAnnouncer(PRIVATE_ROUTES);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the mobile menu whenever the page changes
  useEffect(() => setDrawerOpen(false), [pathname]);
  useEffect(() => {
    if (!isMobile) setDrawerOpen(false);
  }, [isMobile]);

  const toggleCollapsed = () => {
    setCollapsed((value) => {
      storage.set(STORAGE_KEYS.siderCollapsed, String(!value));
      return !value;
    });
  };

  const siderWidth = collapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH;

  return (
    <>
      <SkipLink />
      <div className={`ov-shell${isMobile ? ' ov-shell--mobile' : ''}`}>
        {isMobile ? (
          <MenuDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} returnFocus={toggleRef}>
            <Brand />
            <SideMenu onNavigate={() => setDrawerOpen(false)} />
          </MenuDrawer>
        ) : (
          <aside
            className={`ov-shell__sider${collapsed ? ' ov-shell__sider--collapsed' : ''}`}
            style={{ width: siderWidth, flexBasis: siderWidth }}
            data-testid="sider"
          >
            <Brand collapsed={collapsed} />
            <SideMenu collapsed={collapsed} />
          </aside>
        )}
        <div className="ov-shell__main">
          <header className="ov-shell__header">
            <button
              ref={toggleRef}
              type="button"
              className="ov-shell__toggle"
              aria-label={t(
                isMobile ? 'shell.openMenu' : collapsed ? 'shell.expandMenu' : 'shell.collapseMenu',
              )}
              aria-expanded={isMobile ? drawerOpen : undefined}
              onClick={isMobile ? () => setDrawerOpen(true) : toggleCollapsed}
              data-testid="menu-toggle"
            >
              <Icon drawing={isMobile ? MenuOutlined : collapsed ? MenuUnfoldOutlined : MenuFoldOutlined} />
            </button>
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
