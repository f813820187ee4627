import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page';

const page = () => ({ default: () => <p>Página</p> });

describe('lazyPage', () => {
  it('renders a page whose chunk has arrived at once, without its fallback', async () => {
    const Page = lazyPage(async () => page());
    await Page.preload();
    render(
      <Suspense fallback={<p>Cargando</p>}>
        <Page />
      </Suspense>,
    );
    // Synchronously: a lazy component would show the fallback first, and React would hold the page
    // back for up to 300 ms once its chunk answered.
    expect(screen.getByText('Página')).toBeTruthy();
    expect(screen.queryByText('Cargando')).toBeNull();
  });

  it('shows the fallback until a page not yet loaded arrives', async () => {
    let arrive!: () => void;
    const Page = lazyPage(() => new Promise((done) => (arrive = () => done(page()))));
    render(
      <Suspense fallback={<p>Cargando</p>}>
        <Page />
      </Suspense>,
    );
    expect(screen.getByText('Cargando')).toBeTruthy();
    arrive();
    expect(await screen.findByText('Página')).toBeTruthy();
  });
});
