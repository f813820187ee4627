import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import i18n from '../../../lib/i18n';
import '../i18n';
import { api } from '../../../lib/api-client';
import { ClaimRequest } from './claim-request';

vi.mock('../../../lib/api-client', async (original) => {
  const real = await original<typeof import('../../../lib/api-client')>();
  return { ...real, api: { ...real.api, post: vi.fn() } };
});

beforeEach(() => vi.mocked(api.post).mockReset());
afterEach(() => i18n.changeLanguage('es'));

const draw = () =>
  render(
    <MemoryRouter>
      <ClaimRequest requestId="HABAN-AGUA2" />
    </MemoryRouter>,
  );

describe('ClaimRequest', () => {
  it('asks for the code, takes it back and says the request is now hers, with the way to it', async () => {
    vi.mocked(api.post)
      .mockResolvedValueOnce({ sent: true })
      .mockResolvedValueOnce({ requestId: 'HABAN-AGUA2' });
    draw();
    expect(screen.getByText('¿Es su solicitud?')).toBeTruthy();
    fireEvent.click(screen.getByTestId('claim-ask'));
    const input = await screen.findByTestId('claim-code');
    expect(screen.getByText(/Enviamos un código de 6 cifras/)).toBeTruthy();
    expect(vi.mocked(api.post).mock.calls[0][0]).toBe('/contract-requests/HABAN-AGUA2/claim-code');
    fireEvent.change(input, { target: { value: '012 345' } });
    fireEvent.click(screen.getByTestId('claim-confirm'));
    expect((await screen.findByTestId('claim-done')).textContent).toBe(
      'La solicitud HABAN-AGUA2 ya está en su cuenta.',
    );
    expect(vi.mocked(api.post).mock.calls[1]).toEqual([
      '/contract-requests/HABAN-AGUA2/claim',
      { code: '012345' },
    ]);
    expect(screen.getByRole('link', { name: 'Ver la solicitud completa' }).getAttribute('href')).toBe(
      '/contractrequest/contract-request-details/HABAN-AGUA2',
    );
  });

  it('shows the API’s words for a wrong code, and checks the six digits before asking (English)', async () => {
    await i18n.changeLanguage('en');
    vi.mocked(api.post)
      .mockResolvedValueOnce({ sent: true })
      .mockRejectedValueOnce(
        new ApiError(400, {
          name: 'BADREQUESTERROR',
          reference: 493,
          message: 'The code is not valid or has already been used',
        }),
      );
    draw();
    fireEvent.click(screen.getByRole('button', { name: 'Claim this request' }));
    const input = await screen.findByTestId('claim-code');
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.click(screen.getByTestId('claim-confirm'));
    expect((await screen.findByTestId('claim-error')).textContent).toBe('Type the 6 digits of the code.');
    expect(vi.mocked(api.post)).toHaveBeenCalledTimes(1);
    fireEvent.change(input, { target: { value: '999999' } });
    fireEvent.click(screen.getByTestId('claim-confirm'));
    expect(await screen.findByText('The code is not valid or has already been used')).toBeTruthy();
    expect(screen.queryByTestId('claim-done')).toBeNull();
  });
});
