/**
 * Malformed requests generated from the OpenAPI document: a plausible value for each operation's
 * body, query and path (from its JSON schema), then one or more mutations of the kind an attacker or
 * a broken client sends. Seeded, so a failure reproduces with the same seed.
 */

import { type Rng, seeded } from '../../test/seeded';

export { type Rng, seeded };

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)];

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  $ref?: string;
  additionalProperties?: boolean | JsonSchema;
};

const deepNest = (depth: number) => {
  let v: unknown = 'fondo';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

/** The values that broke, or could break, a naive API. */
export const NASTY: readonly unknown[] = [
  'nul\u0000byte',
  '\u0000',
  'lone \uD800 surrogate',
  '\uDC00',
  'abc',
  '',
  ' ',
  'x'.repeat(20_000),
  "1' or '1'='1",
  '../../etc/passwd',
  '00000000-0000-0000-0000-000000000000',
  'not-a-uuid',
  '2026-13-45',
  '9999999999999999999999',
  '-1',
  '1e309',
  '🚰💧',
  '<script>alert(1)</script>',
  0,
  -1,
  1.5,
  2 ** 53 + 1,
  -(2 ** 31),
  Number.MAX_VALUE,
  true,
  false,
  null,
  [],
  [null],
  {},
  { __proto__: { admin: true } },
  JSON.parse('{"__proto__": {"polluted": 1}, "constructor": {"prototype": {"x": 1}}}'),
  { toString: 'x', valueOf: 1 },
  deepNest(40),
];

/** A plausible value for a JSON schema (the schema's own shape, formats and enums). */
export function sample(
  schema: JsonSchema | undefined,
  rng: Rng,
  resolve: (ref: string) => JsonSchema,
  depth = 0,
): unknown {
  if (!schema || depth > 6) return null;
  if (schema.$ref) return sample(resolve(schema.$ref), rng, resolve, depth + 1);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return pick(rng, schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return sample(pick(rng, choices), rng, resolve, depth + 1);
  if (schema.allOf?.length) return sample(schema.allOf[0], rng, resolve, depth + 1);
  const type = Array.isArray(schema.type)
    ? pick(
        rng,
        schema.type.filter((t) => t !== 'null'),
      )
    : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || rng() < 0.6) out[key] = sample(child, rng, resolve, depth + 1);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: 1 + Math.floor(rng() * 2) }, () =>
        sample(schema.items, rng, resolve, depth + 1),
      );
    case 'integer':
    case 'number': {
      const min = schema.minimum ?? 0;
      const max = schema.maximum ?? min + 100;
      return min + Math.floor(rng() * (Math.min(max, min + 1000) - min + 1));
    }
    case 'boolean':
      return rng() < 0.5;
    case 'string':
      switch (schema.format) {
        case 'email':
          return `fuzz${Math.floor(rng() * 1e6)}@example.cu`;
        case 'uuid':
          return pick(rng, ['00000000-0000-4000-8000-000000000000', crypto.randomUUID()]);
        case 'date-time':
          return new Date(Date.UTC(2026, Math.floor(rng() * 12), 1)).toISOString();
        default:
          return 'x'.repeat(Math.max(schema.minLength ?? 1, Math.min(schema.maxLength ?? 8, 8)));
      }
    default:
      return pick(rng, ['x', 1, true, null]);
  }
}

/** Replaces one randomly chosen place of `value` (or the whole of it) with a nasty value. */
export function mutate(value: unknown, rng: Rng): unknown {
  const places: { parent: Record<string, unknown> | unknown[]; key: string | number }[] = [];
  const walk = (v: unknown, depth: number) => {
    if (depth > 8 || !v || typeof v !== 'object') return;
    for (const [key, child] of Object.entries(v)) {
      places.push({ parent: v as Record<string, unknown>, key: Array.isArray(v) ? Number(key) : key });
      walk(child, depth + 1);
    }
  };
  const copy = structuredClone(value);
  walk(copy, 0);
  const roll = rng();
  if (!places.length || roll < 0.1) return pick(rng, NASTY);
  if (roll < 0.2 && copy && typeof copy === 'object' && !Array.isArray(copy)) {
    // An unexpected or prototype-named field.
    (copy as Record<string, unknown>)[
      pick(rng, ['__proto__', 'constructor', 'toString', 'extra', 'filters'])
    ] = pick(rng, NASTY);
    return copy;
  }
  const place = pick(rng, places);
  (place.parent as Record<string | number, unknown>)[place.key] = pick(rng, NASTY);
  return copy;
}

/** Path parameters: values of every shape the router and the handlers must survive. */
export const PATH_VALUES: readonly string[] = [
  '00000000-0000-4000-8000-000000000000',
  'x',
  '%00',
  '%E0%A4%A',
  '%ED%A0%80',
  '..%2F..%2Fetc',
  "1'%20or%20'1'='1",
  'x'.repeat(600),
  '-1',
  '99999999999999999999',
  '%F0%9F%9A%B0',
];

/** Query strings: wrong types, repeated keys, prototype names, NUL and surrogates (percent-encoded). */
export const QUERY_STRINGS: readonly string[] = [
  '',
  '?page=abc&size=-5',
  '?page=1&page=2',
  '?__proto__[x]=1&constructor=1',
  '?q=%00',
  '?q=%ED%A0%80',
  '?cc=%00&email=%FF',
  `?search=${'a'.repeat(5000)}`,
  '?filters=%5B%7B%7D%5D',
];

/** The body of a stack trace or a database error, which must never reach a client. */
export const LEAK = /(\n\s+at |node_modules|\.ts:\d+|SELECT |syntax error at|violates|pg_)/;
