import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

// The API's shape, as the OpenAPI document tells it, is kept in `apps/api/openapi.snapshot.json`:
// a refactor that changes a path, a schema or a status fails here. A deliberate change of the API
// rewrites the file (`UPDATE_OPENAPI=1 npx vitest run src/modules/platform/openapi-document.test.ts`)
// and shows up in review as that file's diff.
const SNAPSHOT = path.resolve(__dirname, '../../../openapi.snapshot.json');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
});
afterAll(() => t.close());

describe('the OpenAPI document', () => {
  it('is the one kept in openapi.snapshot.json', async () => {
    await t.app.ready();
    const now = `${JSON.stringify(t.app.swagger(), null, 2)}\n`;
    if (process.env.UPDATE_OPENAPI) writeFileSync(SNAPSHOT, now);
    expect(now === readFileSync(SNAPSHOT, 'utf8'), 'the API shape changed: see the file’s diff').toBe(true);
  });
});
