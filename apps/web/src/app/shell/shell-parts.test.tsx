import '../../lib/i18n';
import { FEATURES } from '@ov/domain/constants';
import { PERMISSIONS } from '@ov/domain/permissions';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { type ReactNode, useRef, useState } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { accessContextOf, type Features } from '../../lib/access';
import { type CurrentUser, CurrentUserContext } from '../../lib/current-user';
import { ADMIN_PROFILE, CUSTOMER_PROFILE } from '../../test/profiles';
import { AppBreadcrumbs } from './app-breadcrumbs';
import { MenuDrawer } from './menu-drawer';
import { SideMenu } from './side-menu';
import { UserMenu } from './user-menu';

vi.mock('../../lib/session-calls', () => ({ signOut: vi.fn(async () => undefined) }));

// jsdom has <dialog> but not its modal behaviour: `open` is enough for these tests.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

const features: Features = { ...FEATURES };
const admin = ADMIN_PROFILE;
const customer = CUSTOMER_PROFILE;

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderAt(path: string, user: CurrentUser, ui: ReactNode) {
  const value = { user, access: accessContextOf(user, features) };
  return render(
    <MemoryRouter initialEntries={[path]}>
      <CurrentUserContext.Provider value={value}>
        {ui}
        <Where />
      </CurrentUserContext.Provider>
    </MemoryRouter>,
  );
}

describe('side menu', () => {
  it('is a named navigation with a headed list per group, the current page marked', () => {
    renderAt('/admin/users', admin, <SideMenu />);
    const nav = screen.getByRole('navigation', { name: 'Menú principal' });
    expect(within(nav).getByRole('heading', { name: 'Administración' })).toBeTruthy();
    // The staff's "Panel" sits under their own group: an administrator's menu has no "Cliente" title.
    expect(within(nav).queryByRole('heading', { name: 'Cliente' })).toBeNull();
    const adminList = within(nav).getByRole('list', { name: 'Administración' });
    const current = within(adminList).getByRole('link', { name: 'Usuarios' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Panel' }).getAttribute('aria-current')).toBeNull();
  });

  it('opens the parent of the current page and folds or unfolds a parent as a disclosure', () => {
    renderAt('/admin/users', admin, <SideMenu />);
    const security = screen.getByRole('button', { name: 'Seguridad' });
    expect(security.getAttribute('aria-expanded')).toBe('true');
    const nomenclators = screen.getByRole('button', { name: 'Nomencladores' });
    expect(nomenclators.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link', { name: 'Municipios' })).toBeNull();
    fireEvent.click(nomenclators);
    expect(nomenclators.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Municipios' })).toBeTruthy();
    fireEvent.click(security);
    expect(screen.queryByRole('link', { name: 'Usuarios' })).toBeNull();
  });

  it('collapsed, keeps every entry named and shows its name beside it on focus (Escape hides it)', () => {
    const { container } = renderAt('/', customer, <SideMenu collapsed />);
    const codes = screen.getByRole('link', { name: 'Códigos de cliente' });
    fireEvent.focus(codes);
    expect(container.querySelector('.ov-menu__tooltip')?.textContent).toBe('Códigos de cliente');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(container.querySelector('.ov-menu__tooltip')).toBeNull();
  });

  it('collapsed, a parent opens its entries beside the bar; Escape closes them and focus returns', () => {
    renderAt('/', admin, <SideMenu collapsed />);
    const security = screen.getByRole('button', { name: 'Seguridad' });
    fireEvent.click(security);
    expect(security.getAttribute('aria-expanded')).toBe('true');
    const flyout = screen.getByRole('list', { name: 'Seguridad' });
    expect(within(flyout).getByRole('link', { name: 'Permisos' })).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(security.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(security);
  });

  it('calls back when an entry is followed (the drawer closes)', () => {
    const onNavigate = vi.fn();
    renderAt('/', customer, <SideMenu onNavigate={onNavigate} />);
    fireEvent.click(screen.getByRole('link', { name: 'Pagos' }));
    expect(onNavigate).toHaveBeenCalled();
  });
});

describe('breadcrumbs', () => {
  it('are an ordered list in a named navigation, links up to the current page', () => {
    renderAt('/admin/users', admin, <AppBreadcrumbs />);
    const nav = screen.getByRole('navigation', { name: 'Ruta de navegación' });
    const items = within(nav).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Inicio', 'Administración', 'Usuarios']);
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'Inicio' })).toBeTruthy();
    expect(within(items[1] as HTMLElement).queryByRole('link')).toBeNull();
    expect(
      within(items[2] as HTMLElement)
        .getByText('Usuarios')
        .getAttribute('aria-current'),
    ).toBe('page');
  });
});

describe('user menu', () => {
  it('opens on who is signed in, the profile and sign out; Escape closes it and focus returns', () => {
    renderAt('/', customer, <UserMenu />);
    const button = screen.getByRole('button', { name: 'María Pérez González' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('maria.perez@example.cu')).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Mi perfil' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: /solicitudes de acceso/i })).toBeNull();
    expect(screen.getByTestId('user-menu-panel').textContent).toContain('María Pérez González');
    expect(screen.getByRole('menu', { name: 'Menú de usuario' })).toBeTruthy();
    fireEvent.keyDown(screen.getByRole('menuitem', { name: 'Mi perfil' }), { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('opens from the keyboard with focus on its first entry, and closes on a click elsewhere', () => {
    renderAt('/', customer, <UserMenu />);
    const button = screen.getByRole('button', { name: 'María Pérez González' });
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Mi perfil' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Cerrar sesión' }));
    fireEvent.keyDown(document.activeElement as Element, { key: 'Home' });
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Mi perfil' }));
    fireEvent.pointerDown(document.body);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('goes to the profile, and signs out to the start', async () => {
    const { signOut } = await import('../../lib/session-calls');
    renderAt('/faqs', customer, <UserMenu />);
    fireEvent.click(screen.getByRole('button', { name: 'María Pérez González' }));
    // A link (it can open in a new tab too).
    expect(screen.getByRole('menuitem', { name: 'Mi perfil' }).getAttribute('href')).toBe(
      '/profile/personal',
    );
    fireEvent.click(screen.getByRole('menuitem', { name: 'Mi perfil' }));
    expect(screen.getByTestId('where').textContent).toBe('/profile/personal');
    fireEvent.click(screen.getByRole('button', { name: 'María Pérez González' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Cerrar sesión' }));
    expect(signOut).toHaveBeenCalled();
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('offers access requests to staff; an initials-only button says its initials, then the user', () => {
    renderAt('/', admin, <UserMenu compact />);
    // WCAG 2.5.3: the visible "AP" is part of the name (it was "Ana Pérez" alone).
    const button = screen.getByRole('button', { name: 'AP Ana Pérez' });
    expect(button.textContent).toBe('AP');
    fireEvent.click(button);
    expect(screen.getByRole('menuitem', { name: 'Solicitudes de acceso' })).toBeTruthy();
  });
});

function DrawerHarness() {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={toggle} type="button" onClick={() => setOpen(true)}>
        Abrir menú
      </button>
      <MenuDrawer open={open} onClose={() => setOpen(false)} returnFocus={toggle}>
        <SideMenu onNavigate={() => setOpen(false)} />
      </MenuDrawer>
    </>
  );
}

describe('menu drawer (phones)', () => {
  it('opens as a dialog with focus inside, closes on Escape with focus back on the toggle', () => {
    renderAt('/payments/prepaid', customer, <DrawerHarness />);
    const toggle = screen.getByRole('button', { name: 'Abrir menú' });
    fireEvent.click(toggle);
    const dialog = screen.getByRole('dialog', { name: 'Menú principal' });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(dialog.contains(document.activeElement)).toBe(true);
    act(() => {
      dialog.dispatchEvent(new Event('cancel', { cancelable: true }));
    });
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(toggle);
  });

  it('closes when an entry is followed', () => {
    renderAt('/', customer, <DrawerHarness />);
    fireEvent.click(screen.getByRole('button', { name: 'Abrir menú' }));
    const dialog = screen.getByRole('dialog', { name: 'Menú principal' });
    fireEvent.click(within(dialog).getByRole('link', { name: 'Pagos' }));
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(screen.getByTestId('where').textContent).toBe('/payments/payments');
  });
});
