import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryState } from './query-state';

const query = <T,>(state: { isPending?: boolean; isError?: boolean; data?: T }) => ({
  isPending: false,
  isError: false,
  data: undefined as T | undefined,
  refetch: vi.fn(),
  ...state,
});

const draw = (q: ReturnType<typeof query<string[]>>, extra: { retry?: string; placeholder?: React.ReactNode } = {}) =>
  render(
    <QueryState
      query={q}
      loading="Loading things"
      error="Things could not be loaded."
      isEmpty={(all) => all.length === 0}
      empty={<p>No things</p>}
      {...extra}
    >
      {(all) => (
        <ul aria-label="Things">
          {all.map((thing) => (
            <li key={thing}>{thing}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );

afterEach(cleanup);

describe('QueryState', () => {
  it('announces the loading label while the first answer is awaited, or draws the placeholder', () => {
    const { unmount } = draw(query({ isPending: true }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading things');
    unmount();
    draw(query({ isPending: true }), { placeholder: <p>Skeleton</p> });
    expect(screen.getByText('Skeleton')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the error as an alert, whose retry button asks again', async () => {
    const failed = query<string[]>({ isError: true });
    draw(failed, { retry: 'Try again' });
    expect(screen.getByRole('alert')).toHaveTextContent('Things could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state for empty data, and the children with the data otherwise', () => {
    const { unmount } = draw(query({ data: [] }));
    expect(screen.getByText('No things')).toBeInTheDocument();
    unmount();
    draw(query({ data: ['a', 'b'] }));
    expect(screen.getByRole('list', { name: 'Things' })).toHaveTextContent('ab');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
