import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRELOADED_ROUTES } from '../../build/route-preloads';
import { PRIVATE_ROUTES } from './route-table';

// The routes whose index.html names their chunks (build/route-preloads.ts) must be the route table's.
describe('the routes the API names chunks for', () => {
  it('are signed-in routes of the route table, with the page module their entry lazily imports', () => {
    const pages = readFileSync(join(import.meta.dirname, 'route-pages.ts'), 'utf8');
    for (const { path, page } of PRELOADED_ROUTES) {
      const route = PRIVATE_ROUTES.find((r) => r.path === path);
      expect(route, path).toBeDefined();
      expect(route?.early, `${path} starts its reads from the entry`).toBeDefined();
      const module = page.replace(/^\/src\//, '../').replace(/\.tsx$/, '');
      expect(pages, `${path}: route-pages.ts imports ${module}`).toContain(`import('${module}')`);
    }
  });
});
