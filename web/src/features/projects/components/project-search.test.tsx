import * as projectEndpoints from '@shared/contract/projects';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProjectSearch } from './project-search';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The palette with the server's project search answering as `answer` does (never, for a slow server). */
async function openPalette(answer: (url: URL) => Promise<Response>) {
  // cmdk measures its list and scrolls the chosen result into view; jsdom has neither.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  Element.prototype.scrollIntoView ??= () => undefined;
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname !== projectEndpoints.list.path) return new Promise(() => {});
    return answer(url);
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <ProjectSearch />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  await userEvent.setup({ delay: null }).keyboard('{Control>}k{/Control}');
  return screen.findByRole('dialog');
}

/** The ARIA structure axe-core checks (jsdom draws nothing, so no colour or layout rules). */
async function ariaViolations(dialog: HTMLElement) {
  const { violations } = await axe.run(dialog, { runOnly: { type: 'tag', values: ['cat.aria'] }, resultTypes: ['violations'] });
  return violations.map((violation) => `${violation.id}: ${violation.help}`);
}

describe('the project search (Ctrl+K)', () => {
  // A listbox may hold options only: a spinner or an alert inside it is announced as a broken list
  // (axe-core's aria-required-children, critical; it failed accessibility.spec once the search was slow).
  it('says it is loading projects, outside the list of results, while the server has not answered', async () => {
    const dialog = await openPalette(() => new Promise(() => {}));
    expect(await screen.findByText('Loading projects')).toBeInTheDocument();
    expect(await ariaViolations(dialog)).toEqual([]);
    expect(screen.getByRole('listbox')).not.toHaveTextContent('Loading projects');
  });

  it('says the projects failed to load, outside the list of results, when the search fails', async () => {
    const dialog = await openPalette(
      async () =>
        new Response(JSON.stringify({ message: 'Internal error' }), {
          status: 500,
          headers: { 'content-type': 'application/json' },
        }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load projects. Please try again later.');
    expect(await ariaViolations(dialog)).toEqual([]);
    expect(screen.getByRole('listbox')).not.toHaveTextContent('Failed to load projects');
  });

  it('lists the projects found as options', async () => {
    const project = {
      id: '01JQ0000000000000000000001',
      name: 'Spring launch',
      description: null,
      status: 'in_progress',
      dueDate: null,
      createdAt: '2026-11-01T00:00:00.000Z',
    };
    const dialog = await openPalette(
      async () => new Response(JSON.stringify([project]), { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    expect(await screen.findByRole('option', { name: /Spring launch/ })).toBeInTheDocument();
    expect(await ariaViolations(dialog)).toEqual([]);
  });

  it('follows the next page once when the server answers a short page and names a next one, and no further', async () => {
    const project = (id: string, name: string) => ({
      id,
      name,
      description: null,
      status: 'planning',
      dueDate: null,
      createdAt: '2026-11-01T00:00:00.000Z',
    });
    const asked: string[] = [];
    await openPalette(async (url) => {
      asked.push(url.search);
      const cursor = url.searchParams.get('cursor');
      const items = cursor === null ? [] : cursor === 'one' ? [project('01JQ0000000000000000000002', 'Brand refresh 46')] : [];
      const next = cursor === null ? 'one' : 'two';
      return new Response(JSON.stringify(items), {
        status: 200,
        headers: { 'content-type': 'application/json', link: `</api/projects?cursor=${next}>; rel="next"` },
      });
    });
    expect(await screen.findByRole('option', { name: /Brand refresh 46/ })).toBeInTheDocument();
    // The first page, then the one its Link names; the third is left to the list.
    expect(asked).toEqual(['?limit=20', '?cursor=one']);
  });
});
