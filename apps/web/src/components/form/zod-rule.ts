import { translateValidationMessage } from '@ov/domain/validation/messages';
import type { FormRule } from 'antd';

/** The part of a zod schema the adapter needs (keeps zod itself out of the web's direct dependencies). */
export interface ParsableSchema {
  safeParse(value: unknown): { success: boolean; error?: { issues: readonly { message: string }[] } };
}

/** A shared zod rule's message for a value, in the interface language, or nothing when it passes. */
export function zodMessage(schema: ParsableSchema, value: unknown, language: string): string | undefined {
  const result = schema.safeParse(value === '' ? undefined : value);
  if (result.success) return undefined;
  return translateValidationMessage(result.error?.issues[0]?.message ?? '', language === 'en' ? 'en' : 'es');
}

/** Adapter: a shared zod rule becomes an Ant Design form rule, its message in the current language. */
export function zodRule(schema: ParsableSchema, language: string): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const message = zodMessage(schema, value, language);
      if (message !== undefined) throw new Error(message);
    },
  };
}
