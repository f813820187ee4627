import { z } from 'zod';
import { validationMessage as msg } from './validation/messages';
import { descriptionSchema } from './validation/rules';

/** What customers ask about, in the order the public page shows the groups. */
export const FAQ_CATEGORIES = ['account', 'billing', 'payments', 'contracts', 'offices'] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

/** A text in both languages of the product; each follows the spec's description rule. */
const bilingual = (max: number) => z.object({ es: descriptionSchema(max), en: descriptionSchema(max) });

/** `**bold**` or `[text](target)` in an answer: the editor's simple formatting. */
export const FAQ_ANSWER_TOKEN = /\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^\s)]*)\)/g;

/**
 * Where an answer may link: an https address, or a page of the portal (`/path`, never `//host` nor
 * `/\host`, which browsers read as another site). Anything else (`http:`, `javascript:`, `//host`, a
 * relative `page`) is refused by the form and the API and never drawn as a link.
 */
export function isAllowedFaqLink(target: string): boolean {
  if (/^\/(?![/\\])/.test(target)) return true;
  if (!/^https:\/\//i.test(target)) return false;
  try {
    const url = new URL(target);
    return url.protocol === 'https:' && url.hostname.length > 0 && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The link targets of an answer that are not allowed (empty when every link is fine). */
export function refusedFaqLinks(answer: string): string[] {
  return [...answer.matchAll(FAQ_ANSWER_TOKEN)]
    .map((m) => m[3])
    .filter((target): target is string => target !== undefined && !isAllowedFaqLink(target));
}

const answerText = (max: number) =>
  descriptionSchema(max).refine((text) => refusedFaqLinks(text).length === 0, { error: msg('faqLink') });

/**
 * A FAQ as the editor writes it (design §6): question (250) and answer (500) in Spanish and English,
 * a category, its place in the category and whether it is published. Answers take simple formatting:
 * **bold**, line breaks and links written as [text](https://…) or to a page of the portal ([text](/path))
 * (`isAllowedFaqLink`: nothing else).
 */
export const faqFormSchema = z.object({
  category: z.enum(FAQ_CATEGORIES, { error: msg('required') }),
  order: z
    .number({ error: msg('required') })
    .int()
    .min(0)
    .max(9999),
  published: z.boolean(),
  question: bilingual(250),
  answer: z.object({ es: answerText(500), en: answerText(500) }),
});
export type FaqForm = z.infer<typeof faqFormSchema>;

/** A change: any subset, with the version read (reference conflict, spec §4) unless forced. */
export const faqPatchSchema = faqFormSchema.partial().extend({
  version: z.number().int().min(0),
  force: z.boolean().optional(),
});

/** Accent- and case-insensitive text for the public search ("facturación" finds "Facturacion"). */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** Whether every word of `query` is in the question or the answer (accent-insensitive). */
export function faqMatches(faq: { question: string; answer: string }, query: string): boolean {
  const words = foldText(query).split(/\s+/).filter(Boolean);
  const text = foldText(`${faq.question} ${faq.answer}`);
  return words.every((w) => text.includes(w));
}
