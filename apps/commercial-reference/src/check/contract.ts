import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { CONTRACT_PATH } from '../contract-path';

type Doc = {
  info: { version: string };
  paths: Record<string, Record<string, { responses: Record<string, Record<string, unknown>> }>>;
  components: { responses: Record<string, unknown> };
};

/**
 * Validates answers against the contract's OpenAPI document: the schema of the response that the
 * document declares for (method, path template, status), with `5XX`-style ranges.
 */
export function loadContract(path = CONTRACT_PATH) {
  const doc = parse(readFileSync(path, 'utf8')) as Doc;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  ajv.addSchema(doc as object, 'contract');
  const cache = new Map<string, ReturnType<Ajv2020['compile']>>();
  const pointer = (parts: string[]) =>
    `#/${parts.map((p) => encodeURIComponent(p.replace(/~/g, '~0').replace(/\//g, '~1'))).join('/')}`;

  return {
    version: doc.info.version,
    /** Problems of `body` as the answer `status` of `method path` (an empty list when it conforms). */
    validate(method: string, path: string, status: number, body: unknown): string[] {
      const op = doc.paths[path]?.[method.toLowerCase()];
      if (!op) return [`the contract has no ${method} ${path}`];
      const key = [String(status), `${String(status)[0]}XX`].find((k) => op.responses[k]);
      if (!key) return [`the contract declares no ${status} answer for ${method} ${path}`];
      let parts = ['paths', path, method.toLowerCase(), 'responses', key];
      const ref = op.responses[key].$ref as string | undefined;
      if (ref) parts = ref.replace(/^#\//, '').split('/');
      const id = parts.join('\u0000');
      let validator = cache.get(id);
      if (!validator) {
        validator = ajv.compile({
          $ref: `contract${pointer([...parts, 'content', 'application/json', 'schema'])}`,
        });
        cache.set(id, validator);
      }
      if (validator(body)) return [];
      return (validator.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message}`);
    },
  };
}

export type Contract = ReturnType<typeof loadContract>;
