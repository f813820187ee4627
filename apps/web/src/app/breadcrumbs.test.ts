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
    });
    expect(
      buildBreadcrumbs('/admin/users/a4b95158-8490-467a-8ca3-9d17ec5dee7d').at(-1)?.text,
    ).toBeUndefined();
  });

  it('names profile tabs', () => {
    expect(labels('/profile/personal')).toEqual(['breadcrumb.home', 'menu.profile', 'breadcrumb.personal']);
  });
});
