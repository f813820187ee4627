import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../../../lib/i18n';
import '../i18n';
import { havanaDateTime, LastKnownNotice, oldestAsOf } from './last-known-notice';

afterEach(() => i18n.changeLanguage('es'));

describe('LastKnownNotice', () => {
  it('says, politely, of when the figures are, in Havana time', () => {
    render(<LastKnownNotice asOf="2026-11-27T15:42:10.000Z" />);
    const notice = screen.getByRole('status');
    expect(notice.textContent).toBe('Datos del 27/11/2026 10:42; el sistema comercial no responde');
  });

  it('in English', async () => {
    await act(() => i18n.changeLanguage('en'));
    render(<LastKnownNotice asOf="2026-11-27T15:42:10.000Z" />);
    expect(screen.getByRole('status').textContent).toBe(
      'Figures as of 11/27/2026 10:42; the commercial system is not answering',
    );
  });

  it('shows nothing for live figures', () => {
    const { container } = render(<LastKnownNotice asOf={undefined} />);
    expect(container.textContent).toBe('');
  });

  it('formats any moment in Havana (UTC−4 in summer) and picks the oldest of several dates', () => {
    expect(havanaDateTime('2026-07-01T03:05:00Z', 'es')).toBe('30/06/2026 23:05');
    expect(oldestAsOf([undefined, '2026-11-27T15:42:00.000Z', '2026-11-27T15:40:00.000Z'])).toBe(
      '2026-11-27T15:40:00.000Z',
    );
  });
});
