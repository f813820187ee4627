import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import i18n from '../../../lib/i18n';
import '../i18n';
import { api } from '../../../lib/api-client';
import { AddCodeDialog } from './add-code-dialog';

vi.mock('../../../lib/api-client', async (original) => {
  const real = await original<typeof import('../../../lib/api-client')>();
  return { ...real, api: { ...real.api, post: vi.fn() } };
});

afterEach(() => i18n.changeLanguage('es'));

function draw() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AddCodeDialog open onClose={() => undefined} />
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByTestId('add-code-cc'), { target: { value: '8888888888888' } });
  fireEvent.change(screen.getByTestId('add-code-proof'), { target: { value: 'CT-2019-000101' } });
  fireEvent.click(screen.getByTestId('add-code-submit'));
}

describe('AddCodeDialog', () => {
  it('names an unknown code (result code 5) in the reader’s language, with where to check it', async () => {
    vi.mocked(api.post).mockRejectedValue(
      new ApiError(400, { name: 'PAYMENTRESULT', reference: 5, message: 'El código de cliente no existe' }),
    );
    draw();
    expect((await screen.findByTestId('add-code-error')).textContent).toBe(
      'El código de cliente no existe. Revíselo en su factura.',
    );
  });

  it('in English too', async () => {
    await i18n.changeLanguage('en');
    vi.mocked(api.post).mockRejectedValue(
      new ApiError(400, { name: 'PAYMENTRESULT', reference: 5, message: 'The client code does not exist' }),
    );
    draw();
    expect((await screen.findByTestId('add-code-error')).textContent).toBe(
      'The client code does not exist. Check it on your invoice.',
    );
  });
});
