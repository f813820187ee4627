import { translateValidationMessage } from '@ov/domain';
import type { FormRule } from 'antd';

/** The part of a zod schema the adapter needs (keeps zod itself out of the web's direct dependencies). */
interface ParsableSchema {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly { message: string }[] } };
}

/** Adapter: a shared zod rule becomes an Ant Design form rule, its message in the current language. */
export function zodRule(schema: ParsableSchema, language: string): FormRule {
  const lang = language === 'en' ? 'en' : 'es';
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value === '' ? undefined : value);
      if (result.success) return;
      const message = result.error?.issues[0]?.message ?? '';
      throw new Error(translateValidationMessage(message, lang));
    },
  };
}
