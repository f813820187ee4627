import { faqFormSchema } from '@ov/domain/faqs';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { zodMessage } from '../../../components/form/zod-rule';
import { FaqAnswer } from './faq-answer';

const draw = (text: string) =>
  render(
    <MemoryRouter>
      <FaqAnswer text={text} />
    </MemoryRouter>,
  ).container;

describe('FAQ answer links', () => {
  it('draws links only to https addresses and pages of the portal; any other stays text', () => {
    const shown = draw(
      'Pague en [EnZona](https://www.enzona.net), vea [Pagos](/payments), no [aquí](http://a.cu) ni [allá](//b.cu).',
    );
    const links = [...shown.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual(['https://www.enzona.net', '/payments']);
    expect(shown.textContent).toContain('[aquí](http://a.cu)');
    expect(shown.textContent).toContain('[allá](//b.cu)');
  });

  it('the form refuses them with the shared rule’s message, in the interface language', () => {
    const rule = faqFormSchema.shape.answer.shape.es;
    expect(zodMessage(rule, 'Vea [aquí](//b.cu).', 'es')).toBe(
      'Los enlaces deben llevar a una dirección https:// o a una página del portal (/…)',
    );
    expect(zodMessage(rule, '[x](http://a.cu)', 'en')).toBe(
      'Links must lead to an https:// address or to a page of the portal (/…)',
    );
    expect(zodMessage(rule, '[x](https://a.cu) y [y](/faqs)', 'es')).toBeUndefined();
  });
});
