import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { OfficeInfo } from './office-info';
import { officesServing, type PublicOffice } from './serving-offices';

vi.mock('./serving-offices', () => ({ officesServing: vi.fn() }));

const PLAZA: PublicOffice = {
  _id: 'o1',
  name: 'Oficina Comercial Plaza de la Revolución',
  address: 'Calle 23 No. 105',
  province: 'La Habana',
  municipality: 2,
  phone: '+5378301234',
  hours: 'Lunes a viernes, 8:00–16:00',
};

/** The offices call, answered when the test says so. */
function pendingOffices() {
  let answer: (offices: PublicOffice[]) => void = () => undefined;
  vi.mocked(officesServing).mockReturnValue(
    new Promise((resolve) => {
      answer = resolve;
    }),
  );
  return (offices: PublicOffice[]) => act(async () => answer(offices));
}

afterEach(() => vi.mocked(officesServing).mockReset());

describe('OfficeInfo on a code', () => {
  it('shows the account’s office name at once, and asks for its details once the screen is drawn', async () => {
    const answer = pendingOffices();
    render(<OfficeInfo municipality={2} fallbackName="Oficina Comercial Plaza de la Revolución" />);
    const open = screen.getByTestId('office-open');
    expect(open.textContent).toBe('Oficina Comercial Plaza de la Revolución');
    // Not during the page's first render: the details are behind the button.
    expect(officesServing).not.toHaveBeenCalled();
    await waitFor(() => expect(officesServing).toHaveBeenCalledWith(2, expect.any(AbortSignal), 'es'));

    await answer([PLAZA]);
    fireEvent.click(screen.getByTestId('office-open'));
    const details = await screen.findByTestId('office-details');
    expect(details.textContent).toContain('Calle 23 No. 105, La Habana');
    expect(details.textContent).toContain('+5378301234');
  });

  it('names the serving office when it differs, and the account’s name alone when none serves it', async () => {
    const answer = pendingOffices();
    const { unmount } = render(<OfficeInfo municipality={2} fallbackName="Plaza" />);
    await waitFor(() => expect(officesServing).toHaveBeenCalled());
    await answer([PLAZA]);
    expect(screen.getByTestId('office-open').textContent).toBe(PLAZA.name);
    unmount();

    const none = pendingOffices();
    render(<OfficeInfo municipality={2} fallbackName="Plaza" />);
    await waitFor(() => expect(officesServing).toHaveBeenCalledTimes(2));
    await none([]);
    expect(screen.queryByTestId('office-open')).toBeNull();
    expect(screen.getByText('Plaza')).toBeTruthy();
  });
});

describe('OfficeInfo in English', () => {
  afterEach(() => i18n.changeLanguage('es'));

  it('asks for the hours in English, and marks Spanish ones (an office without English hours) as Spanish', async () => {
    await i18n.changeLanguage('en');
    const answer = pendingOffices();
    render(<OfficeInfo municipality={2} inline />);
    await waitFor(() => expect(officesServing).toHaveBeenCalledWith(2, expect.any(AbortSignal), 'en'));
    await answer([{ ...PLAZA, hours: 'Lunes a viernes, 8:00–16:00', hoursLang: 'es' }]);
    const hours = await screen.findByTestId('office-hours');
    expect(hours.textContent).toBe('Lunes a viernes, 8:00–16:00');
    expect(hours.getAttribute('lang')).toBe('es');
  });

  it('shows English hours as they come, marked English', async () => {
    await i18n.changeLanguage('en');
    const answer = pendingOffices();
    render(<OfficeInfo municipality={2} inline />);
    await waitFor(() => expect(officesServing).toHaveBeenCalled());
    await answer([{ ...PLAZA, hours: 'Monday to Friday, 8:00–16:00', hoursLang: 'en' }]);
    const hours = await screen.findByTestId('office-hours');
    expect(hours.getAttribute('lang')).toBe('en');
  });
});
