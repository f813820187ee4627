import { render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n';
import { getOfflineState, noteResponse } from '../lib/offline-state';
import { OFFLINE_HEADER } from './cache-names';
import en from './locales/en.json';
import es from './locales/es.json';
import { PwaBar } from './pwa-bar';

const keys = (tree: object): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value ? keys(value).map((k) => `${key}.${k}`) : [key],
  );

const answer = (offlineSince?: string) =>
  new Response('{}', { headers: offlineSince === undefined ? {} : { [OFFLINE_HEADER]: offlineSince } });

describe('offline and update bar', () => {
  afterEach(() => {
    noteResponse(answer());
    void i18next.changeLanguage('es');
  });

  it('has the same texts in Spanish and English', () => {
    expect(keys(en).sort()).toEqual(keys(es).sort());
  });

  it('marks data given by the service worker offline with the oldest date, until a fresh answer', () => {
    noteResponse(answer('2026-11-25T15:20:00.000Z'));
    noteResponse(answer('2026-11-24T09:00:00.000Z'));
    noteResponse(answer('2026-11-25T18:00:00.000Z'));
    expect(getOfflineState()).toEqual({ offline: true, dataFrom: '2026-11-24T09:00:00.000Z' });
    noteResponse(answer());
    expect(getOfflineState()).toEqual({ offline: false, dataFrom: null });
  });

  it('says "Sin conexión" with the date of the data, and offers the new version', () => {
    const onReload = vi.fn();
    render(<PwaBar offline dataFrom="2026-11-25T15:20:00" updateReady onReload={onReload} />);
    expect(screen.getByTestId('offline-banner').textContent).toBe(
      'Sin conexión. Datos del 25/11/2026, 15:20.',
    );
    expect(screen.getByText('Hay una nueva versión.')).toBeTruthy();
    screen.getByRole('button', { name: 'Actualizar' }).click();
    expect(onReload).toHaveBeenCalledOnce();
  });
});
