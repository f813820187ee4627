import { describe, expect, it } from 'vitest';
import { detailPath, parseDetailRoute } from './detail-route';

describe('detail routes', () => {
  it('reads the mode and id from the path under the list', () => {
    expect(parseDetailRoute('')).toEqual({ mode: null, id: null });
    expect(parseDetailRoute('create')).toEqual({ mode: 'create', id: null });
    expect(parseDetailRoute('42')).toEqual({ mode: 'view', id: '42' });
    expect(parseDetailRoute('42/edit')).toEqual({ mode: 'edit', id: '42' });
    expect(parseDetailRoute('42/personal')).toEqual({ mode: 'view', id: '42' });
  });

  it('builds the paths back', () => {
    expect(detailPath('/admin/users', 'create')).toBe('/admin/users/create');
    expect(detailPath('/admin/users', 'view', 'a b')).toBe('/admin/users/a%20b');
    expect(detailPath('/admin/users', 'edit', '7')).toBe('/admin/users/7/edit');
  });
});
