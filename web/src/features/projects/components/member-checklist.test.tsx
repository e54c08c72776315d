import * as organizationUserEndpoints from '@shared/contract/organization-users';
import * as projectEndpoints from '@shared/contract/projects';
import type { OrganizationUserResponse } from '@shared/schemas/organization-users';
import type { ProjectMemberResponse } from '@shared/schemas/projects';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManageMembersDialog } from './manage-members-dialog';
import { MemberChecklist } from './member-checklist';

const person = (index: number, fullName: string): OrganizationUserResponse => ({
  id: `01JQ${String(index).padStart(22, '0')}`,
  username: `${fullName.split(' ')[0]!.toLowerCase()}@example.com`,
  fullName,
  avatarUrl: null,
  currentRole: { role: 'staff' },
});

const PEOPLE = ['Ada Lovelace', 'Alan Turing', 'Barbara Liskov', 'Grace Hopper', 'Linus Torvalds'].map((name, index) =>
  person(index, name),
);

/** A large organization: 'Member 0' … each with an email of their own. */
const crowd = (count: number, from = 100) =>
  Array.from({ length: count }, (_, offset) => ({
    ...person(from + offset, `Member ${from + offset}`),
    username: `member${from + offset}@example.com`,
  }));
const asMember = ({ id, fullName, username, avatarUrl }: OrganizationUserResponse): ProjectMemberResponse => ({
  id,
  fullName,
  username,
  avatarUrl,
  role: 'staff',
});

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });

interface Backend {
  /** The unsearched list, page after page (each with a next link but the last). */
  pages: OrganizationUserResponse[][];
  /** The answer to a `q`; a promise that never settles leaves that search waiting. */
  search?: (q: string) => OrganizationUserResponse[] | Promise<never>;
  /** GET /api/projects/{id}/members. */
  members?: ProjectMemberResponse[];
  /** While down, GET /api/organization-users answers 500. */
  outage?: { down: boolean };
}

interface Request {
  url: URL;
  method: string;
  body: unknown;
  signal: AbortSignal | undefined;
}

/** A stubbed API: GET /api/organization-users, GET and PUT a project's members. */
function stubApi(backend: Backend) {
  const requests: Request[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    requests.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined, signal: init.signal ?? undefined });
    if (url.pathname.endsWith('/members')) {
      if (method === 'PUT')
        return json(
          (init.body ? (JSON.parse(String(init.body)) as { memberIds: string[] }) : { memberIds: [] }).memberIds.map((id) => ({
            id,
            fullName: id,
            username: `${id}@example.com`,
            avatarUrl: null,
            role: 'staff',
          })),
        );
      return json(backend.members ?? []);
    }
    if (url.pathname !== organizationUserEndpoints.people.path) return new Promise(() => {});
    if (backend.outage?.down)
      return new Response(JSON.stringify({ message: 'Internal server error' }), {
        status: 500,
        headers: { 'content-type': 'application/json' },
      });
    const q = url.searchParams.get('q');
    if (q !== null) return json(await (backend.search?.(q) ?? []));
    const page = Number(url.searchParams.get('page') ?? '0');
    const last = page === backend.pages.length - 1;
    return json(
      backend.pages[page] ?? [],
      last
        ? { 'x-total-count': String(backend.pages.flat().length) }
        : { link: `<${organizationUserEndpoints.people.path}?page=${page + 1}>; rel="next"` },
    );
  });
  return requests;
}

const queryClient = () => new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });

/** The picker over the stubbed API, between two buttons. */
function renderPicker(options: Backend & { initial?: string[]; chosen?: OrganizationUserResponse[] }) {
  const requests = stubApi(options);
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
    <QueryClientProvider client={queryClient()}>
      <button type="button">Before</button>
      <Harness />
      <button type="button">After</button>
    </QueryClientProvider>,
  );
  return { requests, changes };
}

const checklist = () => screen.getByTestId('member-checklist');
const names = () =>
  within(checklist())
    .queryAllByRole('checkbox')
    .map((box) => box.closest('label')!.textContent);
const search = () => screen.getByRole('searchbox', { name: 'Search people' });
const orgRequests = (requests: Request[]) =>
  requests.filter((request) => request.url.pathname === organizationUserEndpoints.people.path);

/** Scrolls the checklist's window as a wheel would, to `top` px. */
const scrollTo = (top: number) => {
  checklist().scrollTop = top;
  fireEvent.scroll(checklist());
};

// jsdom lays nothing out: the checklist's window is given the 300 px the spec sets (section 9), and
// elements scroll as browsers scroll them, so the rows drawn are those a browser would draw.
beforeAll(() => {
  // Radix sizes a checkbox's hidden form input with it (the dialog's form).
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.dataset.testid === 'member-checklist' ? 300 : 0;
    },
  });
  HTMLElement.prototype.scrollTo = function scrollTo(this: HTMLElement, options?: ScrollToOptions | number) {
    this.scrollTop = typeof options === 'object' ? (options.top ?? this.scrollTop) : (options ?? 0);
    this.dispatchEvent(new Event('scroll'));
  } as HTMLElement['scrollTo'];
});
afterAll(() => {
  delete (HTMLElement.prototype as Partial<Record<'clientHeight', number>>).clientHeight;
  delete (HTMLElement.prototype as Partial<HTMLElement>).scrollTo;
  delete (globalThis as Partial<typeof globalThis>).ResizeObserver;
});

// Rendering and typing take a few seconds on a busy machine; nothing here waits on a clock.
describe('the member checklist', { timeout: 20_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('asks for the first page as before, lists the chosen people first and counts them', async () => {
    const { requests } = renderPicker({ pages: [PEOPLE], initial: [PEOPLE[3]!.id] });
    expect(await screen.findByRole('checkbox', { name: /Grace Hopper/ })).toBeChecked();
    expect(requests.map(({ url }) => `${url.pathname}${url.search}`)).toEqual([organizationUserEndpoints.people.path]);
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
    expect(search()).toHaveFocus();
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
    await userEvent.type(search(), 'LI');
    expect(names()).toEqual([expect.stringContaining('Barbara Liskov'), expect.stringContaining('Linus Torvalds')]);
    await userEvent.type(search(), 'zz');
    expect(screen.getByText('No users found')).toBeInTheDocument();
    expect(requests).toHaveLength(1);
  });

  it('draws only the rows in its window, and reads the next page when scrolled near the end', async () => {
    const everyone = crowd(250);
    const { requests } = renderPicker({ pages: [everyone.slice(0, 100), everyone.slice(100, 200), everyone.slice(200)] });
    await screen.findByRole('checkbox', { name: /Member 100(?!\d)/ });
    // 300 px show six rows; a few more are drawn either side (and the Tab stop), not the hundreds loaded.
    expect(names().length).toBeGreaterThanOrEqual(6);
    expect(names().length).toBeLessThan(30);
    expect(orgRequests(requests)).toHaveLength(1);
    // The last rows of the first page come into view: the second page is read.
    scrollTo(95 * 53);
    expect(await screen.findByRole('checkbox', { name: /Member 195(?!\d)/ })).toBeInTheDocument();
    await waitFor(() => expect(orgRequests(requests)).toHaveLength(2));
    // The rows scrolled past are no longer drawn (but the first, the list's one Tab stop).
    expect(screen.queryByRole('checkbox', { name: /Member 101(?!\d)/ })).not.toBeInTheDocument();
    scrollTo(195 * 53);
    expect(await screen.findByRole('checkbox', { name: /Member 300(?!\d)/ })).toBeInTheDocument();
    await waitFor(() => expect(orgRequests(requests)).toHaveLength(3));
    expect(names().length).toBeLessThan(30);
  });

  it('moves focus by keyboard to rows not yet drawn: End scrolls to the last person and focuses them, Space ticks', async () => {
    const everyone = crowd(100);
    const { changes } = renderPicker({ pages: [everyone] });
    await screen.findByRole('checkbox', { name: /Member 100(?!\d)/ });
    expect(screen.queryByRole('checkbox', { name: /Member 199(?!\d)/ })).not.toBeInTheDocument();
    await userEvent.click(search());
    await userEvent.tab();
    expect(screen.getByRole('checkbox', { name: /Member 100(?!\d)/ })).toHaveFocus();
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Member 199(?!\d)/ })).toHaveFocus());
    await userEvent.keyboard('{ArrowUp} ');
    expect(screen.getByRole('checkbox', { name: /Member 198(?!\d)/ })).toHaveFocus();
    expect(changes.at(-1)).toEqual([everyone[98]!.id]);
    await userEvent.keyboard('{Home}');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Member 100(?!\d)/ })).toHaveFocus());
  });

  it('keeps a ticked person ticked when scrolled out of view and back, and ticks in what arrives with the next page', async () => {
    const everyone = crowd(150);
    const { changes } = renderPicker({ pages: [everyone.slice(0, 100), everyone.slice(100)] });
    await userEvent.click(await screen.findByRole('checkbox', { name: /Member 101(?!\d)/ }));
    scrollTo(140 * 53);
    await userEvent.click(await screen.findByRole('checkbox', { name: /Member 245(?!\d)/ }));
    expect(screen.queryByRole('checkbox', { name: /Member 101(?!\d)/ })).not.toBeInTheDocument();
    scrollTo(0);
    expect(await screen.findByRole('checkbox', { name: /Member 101(?!\d)/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Member 100(?!\d)/ })).not.toBeChecked();
    expect(changes.at(-1)).toEqual([everyone[1]!.id, everyone[145]!.id]);
    expect(screen.getByText('2 selected')).toBeInTheDocument();
  });

  it('in an organization of thousands, asks the server once typing pauses and cancels the search typed over', async () => {
    const everyone = crowd(300);
    const { requests } = renderPicker({
      pages: [everyone.slice(0, 100), everyone.slice(100, 200), everyone.slice(200)],
      // 'member 2' is left unanswered: typing on must cancel it.
      search: (q) =>
        q === 'member 2'
          ? new Promise<never>(() => {})
          : everyone.filter((candidate) => candidate.fullName.toLowerCase().includes(q)),
    });
    await screen.findByRole('checkbox', { name: /Member 100(?!\d)/ });
    await userEvent.type(search(), 'member 2');
    await waitFor(() => expect(orgRequests(requests).some(({ url }) => url.searchParams.get('q') === 'member 2')).toBe(true));
    expect(within(checklist()).getByRole('status')).toHaveTextContent('Loading users');
    await userEvent.type(search(), '99');
    expect(await screen.findByRole('checkbox', { name: /Member 299(?!\d)/ })).toBeInTheDocument();
    expect(names()).toEqual([expect.stringContaining('Member 299')]);
    const searches = orgRequests(requests).filter(({ url }) => url.searchParams.has('q'));
    // One request a pause, not one a key; the one typed over was cancelled.
    expect(searches.map(({ url }) => url.searchParams.get('q'))).toEqual(['member 2', 'member 299']);
    expect(searches[0]!.signal?.aborted).toBe(true);
    await userEvent.clear(search());
    await userEvent.type(search(), 'nobody');
    expect(await screen.findByText('No users found')).toBeInTheDocument();
  });

  it('at 500 members: finds one by the server search, unticks them, and a person ticked from a search keeps their row and tick once it is cleared', async () => {
    const everyone = crowd(600, 0);
    const members = everyone.slice(0, 500);
    const { changes } = renderPicker({
      pages: [
        everyone.slice(0, 100),
        everyone.slice(100, 200),
        everyone.slice(200, 300),
        everyone.slice(300, 400),
        everyone.slice(400, 500),
        everyone.slice(500),
      ],
      search: (q) => everyone.filter((candidate) => candidate.fullName.toLowerCase() === q),
      initial: members.map((member) => member.id),
      chosen: members,
    });
    expect(await screen.findByRole('checkbox', { name: /Member 0(?!\d)/ })).toBeChecked();
    expect(screen.getByText('500 selected')).toBeInTheDocument();
    expect(names().length).toBeLessThan(30);

    await userEvent.type(search(), 'member 321');
    const found = await screen.findByRole('checkbox', { name: /Member 321(?!\d)/ });
    expect(names()).toHaveLength(1);
    await userEvent.click(found);
    expect(screen.getByText('499 selected')).toBeInTheDocument();

    // Someone from beyond the loaded pages, ticked from a search.
    await userEvent.clear(search());
    await userEvent.type(search(), 'member 577');
    await userEvent.click(await screen.findByRole('checkbox', { name: /Member 577(?!\d)/ }));
    await userEvent.clear(search());
    expect(await screen.findByRole('checkbox', { name: /Member 0(?!\d)/ })).toBeChecked();
    // The members first (Member 321 where they were, unticked), then whoever was ticked since.
    scrollTo(318 * 53);
    expect(await screen.findByRole('checkbox', { name: /Member 321(?!\d)/ })).not.toBeChecked();
    scrollTo(495 * 53);
    const rows = await within(checklist()).findAllByRole('checkbox');
    expect(rows.at(-1)).toHaveAccessibleName(/Member 577/);
    expect(rows.at(-1)).toBeChecked();
    const last = changes.at(-1)!;
    expect(last).toHaveLength(500);
    expect(new Set(last)).toEqual(
      new Set([...members.filter((member) => member.fullName !== 'Member 321'), everyone[577]!].map((member) => member.id)),
    );
  });

  it('says when the people could not be loaded, and reads them again on Try again', async () => {
    const outage = { down: true };
    renderPicker({ pages: [PEOPLE], outage });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load users. 500: Internal server error');
    outage.down = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: /Ada Lovelace/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('Save Members sends the whole new list, exactly: 500 members, one found by search and unticked', async () => {
    const everyone = crowd(600, 0);
    const members = everyone.slice(0, 500);
    const requests = stubApi({
      pages: [
        everyone.slice(0, 100),
        everyone.slice(100, 200),
        everyone.slice(200, 300),
        everyone.slice(300, 400),
        everyone.slice(400, 500),
        everyone.slice(500),
      ],
      search: (q) => everyone.filter((candidate) => candidate.fullName.toLowerCase() === q),
      members: members.map(asMember),
    });
    const closed = vi.fn();
    render(
      <QueryClientProvider client={queryClient()}>
        <ManageMembersDialog
          project={{
            id: 'p1',
            name: 'Launch',
            description: null,
            status: 'planning',
            dueDate: null,
            createdAt: '2026-01-05T00:00:00.000Z',
          }}
          onOpenChange={closed}
        />
      </QueryClientProvider>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Manage Project Members' });
    expect(await within(dialog).findByText('500 selected')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('searchbox', { name: 'Search people' }), 'member 42');
    await userEvent.click(await within(dialog).findByRole('checkbox', { name: /Member 42(?!\d)/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save Members' }));
    await waitFor(() => expect(closed).toHaveBeenCalledWith(false));
    const put = requests.find((request) => request.method === 'PUT')!;
    expect(put.url.pathname).toBe(projectEndpoints.setMembers.path.replace('{id}', 'p1'));
    const sent = (put.body as { memberIds: string[] }).memberIds;
    expect(sent).toHaveLength(499);
    expect(new Set(sent)).toEqual(
      new Set(members.filter((member) => member.fullName !== 'Member 42').map((member) => member.id)),
    );
  });
});
