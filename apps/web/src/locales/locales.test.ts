import { describe, expect, it } from 'vitest';
import en from './en.json';
import es from './es.json';

function flatten(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key));
}

describe('translations', () => {
  it('have exactly the same keys in Spanish and English', () => {
    expect(flatten(en).sort()).toEqual(flatten(es).sort());
  });

  it('have no empty texts', () => {
    const empty = (tree: unknown) =>
      flatten(tree).filter((key) => {
        const text = key
          .split('.')
          .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], tree);
        return typeof text !== 'string' || text.trim() === '';
      });
    expect(empty(es)).toEqual([]);
    expect(empty(en)).toEqual([]);
  });
});

describe('feature translations', () => {
  const files = import.meta.glob<{ default: Record<string, unknown> }>('../features/*/locales/*.json', {
    eager: true,
  });
  const byFeature = new Map<string, Record<string, Record<string, unknown>>>();
  for (const [file, mod] of Object.entries(files)) {
    const [, feature, lang] = file.match(/features\/([^/]+)\/locales\/(\w+)\.json$/) ?? [];
    if (!feature || !lang) continue;
    byFeature.set(feature, { ...(byFeature.get(feature) ?? {}), [lang]: mod.default });
  }

  it.each([...byFeature.keys()].map((f) => [f]))(
    '%s has the same keys in es and en, nested under its name',
    (f) => {
      const langs = byFeature.get(f)!;
      expect(Object.keys(langs).sort()).toEqual(['en', 'es']);
      expect(flatten(langs.en).sort()).toEqual(flatten(langs.es).sort());
      expect(Object.keys(langs.es)).toHaveLength(1);
    },
  );
});

describe('English spelling', () => {
  const files = import.meta.glob<{ default: Record<string, unknown> }>(
    ['./en.json', '../features/*/locales/en.json'],
    {
      eager: true,
    },
  );
  const texts = (value: unknown): string[] =>
    typeof value === 'string'
      ? [value]
      : typeof value === 'object' && value
        ? Object.values(value).flatMap(texts)
        : [];

  it('says "cancelled" everywhere, never "canceled" (the dashboard and the payment record agree)', () => {
    const american = Object.entries(files).flatMap(([file, mod]) =>
      texts(mod.default)
        .filter((text) => /\bcancel(ed|ing)\b/i.test(text))
        .map((text) => `${file}: ${text}`),
    );
    expect(american).toEqual([]);
  });
});
