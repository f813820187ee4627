import { DEMO_LINKED_CODES, DEMO_UNLINKED_CODES } from '@ov/domain/billing/demo';
import { act, render } from '@testing-library/react';
import i18next from 'i18next';
import { afterAll, describe, expect, it } from 'vitest';
import '../i18n';
import { InvoiceDrawing, SAMPLE_INVOICE } from './invoice-drawing';

describe('the sample invoice drawing', () => {
  afterAll(() => i18next.changeLanguage('es'));

  it('shows made-up data, never a demo customer’s code, contract or name', () => {
    const { container } = render(<InvoiceDrawing highlight="all" />);
    const text = container.textContent ?? '';
    expect(text).toContain(SAMPLE_INVOICE.cc);
    for (const account of [...DEMO_LINKED_CODES, ...DEMO_UNLINKED_CODES]) {
      expect(text).not.toContain(account.cc);
      if (account.contractNumber) expect(text).not.toContain(account.contractNumber);
    }
    expect(text).not.toMatch(/María|Pérez/);
  });

  it('writes the period in the reader’s date format', async () => {
    await act(() => i18next.changeLanguage('es'));
    const es = render(<InvoiceDrawing />);
    expect(es.getByTestId('drawing-period').textContent).toBe('01/09/2026 – 31/10/2026');
    es.unmount();
    await act(() => i18next.changeLanguage('en'));
    const en = render(<InvoiceDrawing />);
    expect(en.getByTestId('drawing-period').textContent).toBe('09/01/2026 – 10/31/2026');
  });
});
