import { describe, expect, it } from 'vitest';
import { faqFormSchema, faqMatches, foldText } from './faqs';

const faq = {
  category: 'billing',
  order: 1,
  published: true,
  question: { es: '¿Dónde encuentro mi código de cliente?', en: 'Where do I find my client code?' },
  answer: { es: 'En la factura, arriba a la derecha.', en: 'On the invoice, top right.' },
};

describe('faqFormSchema', () => {
  it('takes both languages with the spec description limits (250 question, 500 answer)', () => {
    expect(faqFormSchema.safeParse(faq).success).toBe(true);
    const long = faqFormSchema.safeParse({ ...faq, question: { ...faq.question, en: 'a'.repeat(251) } });
    expect(long.error?.issues[0]).toMatchObject({
      path: ['question', 'en'],
      message: 'Máximo 250 caracteres',
    });
    const answer = faqFormSchema.safeParse({ ...faq, answer: { es: 'a'.repeat(501), en: '' } });
    expect(answer.error?.issues.map((i) => i.path.join('.'))).toEqual(['answer.es', 'answer.en']);
    expect(faqFormSchema.safeParse({ ...faq, category: 'otra' }).success).toBe(false);
  });
});

describe('the public search', () => {
  it('finds every word in question or answer, whatever the accents and case', () => {
    expect(foldText('Facturación ÁGIL')).toBe('facturacion agil');
    const es = { question: faq.question.es, answer: faq.answer.es };
    expect(faqMatches(es, 'codigo FACTURA')).toBe(true);
    expect(faqMatches(es, 'código contrato')).toBe(false);
    expect(faqMatches(es, '   ')).toBe(true);
  });
});
