import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { lazy, type ReactElement, Suspense } from 'react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import type { ListParams, ListResult } from '../../lib/list-query';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { ListPage } from './list-page';
import type { ListColumn } from './types';

interface Thing {
  id: string;
  name: string;
}

const columns: ListColumn<Thing>[] = [{ key: 'name', title: 'Nombre', dataIndex: 'name' }];

function things(count: number, from = 1): Thing[] {
  return Array.from({ length: count }, (_, index) => ({
    id: String(from + index),
    name: `Cosa ${from + index}`,
  }));
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

function renderList(
  fetchPage: (params: ListParams) => Promise<ListResult<Thing>>,
  path = '/things',
  remove?: (id: string) => Promise<unknown>,
) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const utils = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/things/*"
            element={
              <ListPage<Thing>
                tableId="things"
                title="Cosas"
                basePath="/things"
                queryKeyPrefix={['things']}
                query={(params) => ({ queryKey: ['things', params], queryFn: () => fetchPage(params) })}
                columns={columns}
                rowKey={(thing) => thing.id}
                detail={{
                  title: (_mode, thing) => thing?.name ?? 'Cosa',
                  renderView: (thing) => <p>Vista {thing.name}</p>,
                  remove,
                }}
              />
            }
          />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...utils, client };
}

const bodyRows = (container: HTMLElement) => Array.from(container.querySelectorAll('tbody tr.ov-table__row'));

describe('ListPage', () => {
  it('hides and shows a column from the columns popover, whose boxes are named by the columns', async () => {
    localStorage.removeItem(STORAGE_KEYS.tableHiddenColumns('things'));
    const { container } = renderList(async () => ({ items: things(2), total: 2 }));
    await waitFor(() => expect(bodyRows(container)).toHaveLength(2));
    expect(screen.getByRole('columnheader', { name: 'Nombre' })).toBeTruthy();

    fireEvent.click(screen.getByTestId('list-columns'));
    const box = await screen.findByRole('checkbox', { name: 'Nombre' });
    expect((box as HTMLInputElement).checked).toBe(true);
    fireEvent.click(box);
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Nombre' })).toBeNull());
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(box);
    await waitFor(() => expect(screen.getByRole('columnheader', { name: 'Nombre' })).toBeTruthy());
  });

  it('shows exactly one skeleton row while the first page loads, then the rows', async () => {
    let resolve!: (result: ListResult<Thing>) => void;
    const { container } = renderList(() => new Promise((done) => (resolve = done)));

    expect(bodyRows(container)).toHaveLength(1);
    expect(container.querySelectorAll('tbody .ov-skeleton')).toHaveLength(1);

    await act(async () => resolve({ items: things(3), total: 3 }));
    await waitFor(() => expect(bodyRows(container)).toHaveLength(3));
    expect(container.querySelector('tbody .ov-skeleton')).toBeNull();
    expect(screen.getByText('Cosa 2')).toBeTruthy();
  });

  it('hides the pagination on a single page', async () => {
    const { container } = renderList(async () => ({ items: things(3), total: 3 }));
    await waitFor(() => expect(bodyRows(container)).toHaveLength(3));
    expect(screen.queryByRole('navigation', { name: 'Paginación' })).toBeNull();
  });

  it('paginates with the x-total-count total and prefetches the next page', async () => {
    const fetchPage = vi.fn(async (params: ListParams) => ({
      items: things(params.size, (params.page - 1) * params.size + 1),
      total: 25,
    }));
    const { container } = renderList(fetchPage);
    await waitFor(() => expect(bodyRows(container)).toHaveLength(10));
    expect(screen.getByRole('navigation', { name: 'Paginación' })).toBeTruthy();
    expect(fetchPage.mock.calls[0][0]).toMatchObject({ page: 1, size: 10, search: '', filters: [] });
    await waitFor(() =>
      expect(fetchPage).toHaveBeenCalledWith(expect.objectContaining({ page: 2, size: 10 })),
    );
  });

  it('remembers the row size per table in local storage', async () => {
    localStorage.setItem(STORAGE_KEYS.tableSize('things'), 'small');
    const { container } = renderList(async () => ({ items: things(2), total: 2 }));
    await waitFor(() => expect(bodyRows(container)).toHaveLength(2));
    expect(container.querySelector('.ov-table--small')).not.toBeNull();

    fireEvent.click(screen.getByTestId('list-size'));
    fireEvent.click(await screen.findByText('Grande'));
    expect(localStorage.getItem(STORAGE_KEYS.tableSize('things'))).toBe('big');
    await waitFor(() => expect(container.querySelector('.ov-table--large')).not.toBeNull());
  });

  it('offers row selection on desktop', async () => {
    const { container } = renderList(async () => ({ items: things(2), total: 2 }));
    await waitFor(() => expect(bodyRows(container)).toHaveLength(2));
    expect(container.querySelectorAll('tbody tr.ov-table__row input[type="checkbox"]')).toHaveLength(2);
  });

  it('opens the side dialog on {route}/{id} and returns to the list 0.5 s after closing', async () => {
    renderList(async () => ({ items: things(3), total: 3 }), '/things/2');
    const dialog = await screen.findByTestId('detail-dialog');
    await within(dialog).findByText('Vista Cosa 2');
    expect(dialog.getAttribute('data-mode')).toBe('view');

    fireEvent.click(within(document.body).getByRole('button', { name: /close|cerrar/i }));
    expect(screen.getByTestId('location').textContent).toBe('/things/2');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/things'), {
      timeout: 2000,
    });
  });

  it('names the selection checkboxes in the interface language', async () => {
    renderList(async () => ({ items: things(2), total: 2 }));
    await screen.findByRole('checkbox', { name: 'Seleccionar fila 2' });
    expect(screen.getByRole('checkbox', { name: 'Seleccionar todas las filas de la página' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /select/i })).toBeNull();
  });

  it('shows a list that failed to load with a retry that loads it again', async () => {
    const fetchPage = vi
      .fn<(params: ListParams) => Promise<ListResult<Thing>>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ items: things(2), total: 2 });
    const { container } = renderList(fetchPage);
    fireEvent.click(await screen.findByTestId('list-retry'));
    await waitFor(() => expect(bodyRows(container)).toHaveLength(2));
    expect(screen.queryByTestId('list-retry')).toBeNull();
  });

  it('opens the row menu from the keyboard with ArrowDown', async () => {
    renderList(async () => ({ items: things(1), total: 1 }));
    const button = await screen.findByTestId('row-actions');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    await screen.findByRole('menuitem', { name: /detalles/i });
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });

  it('deletes a row from its menu after a confirmation (no Ant Design provider around)', async () => {
    const remove = vi.fn(async () => undefined);
    renderList(async () => ({ items: things(2), total: 2 }), '/things', remove);
    const [first] = await screen.findAllByTestId('row-actions');
    fireEvent.click(first);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Eliminar' }));
    const dialog = screen.getByRole('alertdialog', { name: '¿Eliminar este registro?' });
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith('1'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('searches from the toolbar field and clears it with its named button', async () => {
    const fetchPage = vi.fn(async () => ({ items: things(1), total: 1 }));
    renderList(fetchPage);
    const search = await screen.findByRole('searchbox', { name: 'Buscar' });
    fireEvent.change(search, { target: { value: 'cosa' } });
    await waitFor(() => expect(fetchPage).toHaveBeenCalledWith(expect.objectContaining({ search: 'cosa' })), {
      timeout: 3000,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Borrar la búsqueda' }));
    expect((search as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(search);
  });

  it('does not bring the user back when a search is still pending as they open another page', async () => {
    // The other page's chunk is still loading when the search's debounce fires: the list stays on
    // screen meanwhile (a transition), and its late search must not navigate back to it.
    let loaded!: () => void;
    const Other = lazy(
      () =>
        new Promise<{ default: () => ReactElement }>((done) => {
          loaded = () => done({ default: () => <p>Otra página</p> });
        }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/things']}>
          <Suspense fallback={null}>
            <Routes>
              <Route
                path="/things"
                element={
                  <>
                    <Link to="/other">Abrir</Link>
                    <ListPage<Thing>
                      tableId="things"
                      title="Cosas"
                      basePath="/things"
                      queryKeyPrefix={['things']}
                      query={(params) => ({
                        queryKey: ['things', params],
                        queryFn: async () => ({ items: things(2), total: 2 }),
                      })}
                      columns={columns}
                      rowKey={(thing) => thing.id}
                    />
                  </>
                }
              />
              <Route path="/other" element={<Other />} />
            </Routes>
          </Suspense>
          <LocationProbe />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.change(await screen.findByRole('searchbox', { name: 'Buscar' }), { target: { value: 'cosa' } });
    fireEvent.click(screen.getByRole('link', { name: 'Abrir' }));
    // The debounce (350 ms) passes while the other page is still loading.
    await act(() => new Promise((done) => setTimeout(done, 500)));
    await act(async () => loaded());
    expect(await screen.findByText('Otra página')).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/other');
  });
});
