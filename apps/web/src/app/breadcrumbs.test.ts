import { describe, expect, it } from 'vitest';
import { buildBreadcrumbs } from './breadcrumbs';

const labels = (path: string) => buildBreadcrumbs(path).map((crumb) => crumb.text ?? crumb.labelKey);

describe('breadcrumbs from the path', () => {
  it('starts at home', () => {
    expect(labels('/')).toEqual(['breadcrumb.home']);
  });

  it('names sections and pages', () => {
    expect(labels('/admin/users')).toEqual(['breadcrumb.home', 'breadcrumb.admin', 'menu.users']);
    expect(labels('/nomenclators/municipalities')).toEqual([
      'breadcrumb.home',
      'menu.nomenclators',
      'menu.municipalities',
    ]);
  });

  it('adds the record, edit and create steps of a list page', () => {
    expect(labels('/admin/users/u-1/edit')).toEqual([
      'breadcrumb.home',
      'breadcrumb.admin',
      'menu.users',
      'u-1',
      'common.edit',
    ]);
    expect(labels('/admin/users/create')).toEqual([
      'breadcrumb.home',
      'breadcrumb.admin',
      'menu.users',
      'common.create',
    ]);
    expect(buildBreadcrumbs('/admin/users/u-1').at(-1)).toEqual({
      path: '/admin/users/u-1',
      labelKey: 'breadcrumb.detail',
      text: 'u-1',
      link: true,
    });
    expect(
      buildBreadcrumbs('/admin/users/a4b95158-8490-467a-8ca3-9d17ec5dee7d').at(-1)?.text,
    ).toBeUndefined();
  });

  it('names profile tabs', () => {
    expect(labels('/profile/personal')).toEqual(['breadcrumb.home', 'menu.profile', 'breadcrumb.personal']);
    // The Security page is a page of its own under the profile: "Mi perfil / Seguridad".
    expect(labels('/profile/security')).toEqual(['breadcrumb.home', 'menu.profile', 'menu.profileSecurity']);
  });

  it('never repeats a section named as its page', () => {
    expect(labels('/payments/payments')).toEqual(['breadcrumb.home', 'menu.payments']);
    expect(labels('/payments/payment-record')).toEqual([
      'breadcrumb.home',
      'menu.payments',
      'menu.paymentRecord',
    ]);
  });

  it('names a page under a page as that page, not as a record', () => {
    expect(labels('/faqs/configuration')).toEqual(['breadcrumb.home', 'menu.faqs', 'menu.faqsConfiguration']);
    expect(labels('/faqs/configuration/create').at(-1)).toBe('common.create');
  });

  it('links only crumbs that are pages: sections are plain text', () => {
    const links = (path: string) => buildBreadcrumbs(path).map((crumb) => crumb.link);
    expect(links('/admin/users/u-1')).toEqual([true, false, true, true]);
    expect(links('/nomenclators/municipalities')).toEqual([true, false, true]);
    expect(links('/payments/payment-record')).toEqual([true, false, true]);
    expect(links('/faqs/configuration')).toEqual([true, true, true]);
  });
});
