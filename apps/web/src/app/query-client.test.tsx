import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { describe, expect, it } from 'vitest';
import { batchQueryUpdates } from './query-client';

describe('batchQueryUpdates', () => {
  it('commits once for queries of different components answered in the same turn', async () => {
    batchQueryUpdates();
    let answer!: () => void;
    const answered = new Promise<void>((done) => (answer = done));
    // Like a code's cards: each reads its own query; the second is answered a few microtasks later.
    function Card({ name, extraTicks }: { name: string; extraTicks: number }) {
      const query = useQuery({
        queryKey: [name],
        queryFn: async () => {
          await answered;
          for (let tick = 0; tick < extraTicks; tick++) await null;
          return name.toUpperCase();
        },
      });
      return <p>{query.data ?? `${name}…`}</p>;
    }
    let commits = 0;
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Profiler id="page" onRender={() => commits++}>
          <Card name="a" extraTicks={0} />
          <Card name="b" extraTicks={3} />
        </Profiler>
      </QueryClientProvider>,
    );
    await screen.findByText('b…');
    await new Promise((done) => setTimeout(done, 20));
    const before = commits;
    answer();
    await screen.findByText('B');
    await new Promise((done) => setTimeout(done, 20));
    expect(screen.getByText('A')).toBeTruthy();
    expect(commits - before).toBe(1);
  });
});
