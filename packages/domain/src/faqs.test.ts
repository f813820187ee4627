import { describe, expect, it } from 'vitest';
import { faqFormSchema, faqMatches, foldText, isAllowedFaqLink, refusedFaqLinks } from './faqs';

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

describe('answer links', () => {
  it('allow https addresses and pages of the portal only', () => {
    for (const ok of ['https://www.enzona.net/pagar', '/faqs', '/', '/register?x=1#y'])
      expect(isAllowedFaqLink(ok), ok).toBe(true);
    for (const bad of [
      'http://pagos.example.cu',
      '//otro.example.com',
      '/\\otro.example.com',
      'javascript:alert(1)',
      'data:text/html,x',
      'faqs',
      '',
      'https://',
      'https://user:pass@host.cu',
    ])
      expect(isAllowedFaqLink(bad), bad).toBe(false);
    expect(refusedFaqLinks('**a** [x](https://a.cu) [y](http://b.cu) [z](//c.cu)')).toEqual([
      'http://b.cu',
      '//c.cu',
    ]);
    const withLink = faqFormSchema.safeParse({ ...faq, answer: { ...faq.answer, en: '[x](http://b.cu)' } });
    expect(withLink.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['answer.en', 'Los enlaces deben llevar a una dirección https:// o a una página del portal (/…)'],
    ]);
  });
});
