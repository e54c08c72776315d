import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as projectEndpoints from '@shared/contract/projects';
import type { OrganizationUserResponse } from '@shared/schemas/organization-users';
import { MemberChecklist } from './member-checklist';

const person = (index: number, fullName: string): OrganizationUserResponse => ({
  id: `01JQ${String(index).padStart(22, '0')}`,
  username: `${fullName.split(' ')[0]!.toLowerCase()}@example.com`,
  fullName,
  avatarUrl: null,
  currentRole: { role: 'staff' },
});

const PEOPLE = ['Ada Lovelace', 'Alan Turing', 'Barbara Liskov', 'Grace Hopper', 'Linus Torvalds'].map((name, index) => person(index, name));

const json = (body: unknown, headers: Record<string, string> = {}) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });

/**
 * The picker over a stubbed GET /api/organization-users: `pages` answers the unsearched list in
 * turn (each with a next link but the last), `search` answers a `q`.
 */
function renderPicker(options: { pages: OrganizationUserResponse[][]; search?: (q: string) => OrganizationUserResponse[]; initial?: string[]; chosen?: OrganizationUserResponse[] }) {
  const requests: URL[] = [];
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://localhost');
    requests.push(url);
    if (url.pathname !== projectEndpoints.organizationUsers.path) return new Promise(() => {});
    const q = url.searchParams.get('q');
    if (q !== null) return json(options.search?.(q) ?? []);
    const page = Number(url.searchParams.get('page') ?? '0');
    const last = page === options.pages.length - 1;
    return json(options.pages[page] ?? [], last ? { 'x-total-count': '5' } : { link: `<${projectEndpoints.organizationUsers.path}?page=${page + 1}>; rel="next"` });
  });
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const changes: string[][] = [];
  function Harness() {
    const [value, setValue] = useState(options.initial ?? []);
    return (
      <MemberChecklist
        idPrefix="test"
        value={value}
        chosen={options.chosen}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  }
  render(
    <QueryClientProvider client={client}>
      <button type="button">Before</button>
      <Harness />
      <button type="button">After</button>
    </QueryClientProvider>,
  );
  return { requests, changes };
}

const names = () => within(screen.getByTestId('member-checklist')).getAllByRole('checkbox').map((box) => box.closest('label')!.textContent);

// Rendering and typing take a few seconds on a busy machine; nothing here waits on a clock.
describe('the member checklist', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for the first page as before, lists the chosen people first and counts them', async () => {
    const { requests } = renderPicker({ pages: [PEOPLE], initial: [PEOPLE[3]!.id] });
    expect(await screen.findByRole('checkbox', { name: /Grace Hopper/ })).toBeChecked();
    expect(requests.map((url) => `${url.pathname}${url.search}`)).toEqual([projectEndpoints.organizationUsers.path]);
    expect(names()[0]).toContain('Grace Hopper');
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /Alan Turing/ }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    // Checking does not move rows: Grace stays first, Alan where he was.
    expect(names()[0]).toContain('Grace Hopper');
  });

  it('is one Tab stop: arrows, Home and End move between people, Space checks', async () => {
    const { changes } = renderPicker({ pages: [PEOPLE] });
    await screen.findByRole('checkbox', { name: /Ada Lovelace/ });
    await userEvent.click(screen.getByRole('button', { name: 'Before' }));
    await userEvent.tab();
    expect(screen.getByRole('searchbox', { name: 'Search people' })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('checkbox', { name: /Ada Lovelace/ })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(screen.getByRole('checkbox', { name: /Barbara Liskov/ })).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(changes.at(-1)).toEqual([PEOPLE[2]!.id]);
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('checkbox', { name: /Linus Torvalds/ })).toHaveFocus();
    await userEvent.keyboard('{Home}{ArrowUp}');
    expect(screen.getByRole('checkbox', { name: /Ada Lovelace/ })).toHaveFocus();
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'After' })).toHaveFocus();
    // Back in, Tab lands on the person last focused.
    await userEvent.tab({ shift: true });
    expect(screen.getByRole('checkbox', { name: /Ada Lovelace/ })).toHaveFocus();
  });

  it('searches what is loaded when the whole organization is, and says No users found', async () => {
    const { requests } = renderPicker({ pages: [PEOPLE] });
    await screen.findByRole('checkbox', { name: /Ada Lovelace/ });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search people' }), 'LI');
    expect(names()).toEqual([expect.stringContaining('Barbara Liskov'), expect.stringContaining('Linus Torvalds')]);
    await userEvent.type(screen.getByRole('searchbox'), 'zz');
    expect(screen.getByText('No users found')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('in a larger organization: Load more reads the next page, and a search asks the server, chosen people first', async () => {
    const { requests } = renderPicker({
      pages: [PEOPLE.slice(0, 3), PEOPLE.slice(3)],
      search: (q) => PEOPLE.filter((candidate) => candidate.fullName.toLowerCase().includes(q)),
      initial: [PEOPLE[4]!.id],
      chosen: [PEOPLE[4]!],
    });
    // The chosen person is listed from what the dialog knows, before any page arrives.
    expect(await screen.findByRole('checkbox', { name: /Linus Torvalds/ })).toBeChecked();
    await screen.findByRole('checkbox', { name: /Ada Lovelace/ });
    expect(names()).toHaveLength(4);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('checkbox', { name: /Grace Hopper/ })).toBeInTheDocument();
    expect(names()).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    cleanup();

    const second = renderPicker({ pages: [PEOPLE.slice(0, 3), PEOPLE.slice(3)], search: (q) => PEOPLE.filter((candidate) => candidate.fullName.toLowerCase().includes(q)), initial: [PEOPLE[4]!.id], chosen: [PEOPLE[4]!] });
    await screen.findByRole('checkbox', { name: /Linus Torvalds/ });
    await userEvent.type(screen.getByRole('searchbox'), 'li');
    expect(await screen.findByRole('checkbox', { name: /Barbara Liskov/ })).toBeInTheDocument();
    expect(names()).toEqual([expect.stringContaining('Linus Torvalds'), expect.stringContaining('Barbara Liskov')]);
    expect(second.requests.some((url) => url.searchParams.get('q') === 'li')).toBe(true);
    expect(requests.every((url) => url.searchParams.get('q') === null)).toBe(true);
  });
});
