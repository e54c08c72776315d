import { useInfiniteQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import type { OrganizationUserResponse } from '@shared/schemas/organization-users';
import { PROJECT_MEMBERS_MAX, PROJECT_MEMBERS_MAX_MESSAGE } from '@shared/schemas/projects';
import { UserAvatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { organizationUserQueries } from '../api/projects';

type Person = Pick<OrganizationUserResponse, 'id' | 'fullName' | 'username' | 'avatarUrl'>;

interface MemberChecklistProps {
  /** Prefix of the checkbox ids, unique per dialog. */
  idPrefix: string;
  value: string[];
  onChange: (memberIds: string[]) => void;
  disabled?: boolean;
  /** The people already chosen, with their names (the project's members): listed first even before their page is loaded. */
  chosen?: Person[];
}

/** The server is asked once typing pauses. */
const SEARCH_DELAY_MS = 300;

const matches = (person: Person, search: string) => person.fullName.toLowerCase().includes(search) || person.username.toLowerCase().includes(search);

/**
 * The organization's users with a checkbox each: avatar, name and email; scrolls past 300 px (spec
 * section 9). The people chosen when it opened come first, with a count of those chosen. A search
 * field filters what is loaded when the whole organization is (up to 100 people), and asks the
 * server otherwise; 'Load more' reads the next 100. The list is one Tab stop: arrow keys, Home and
 * End move between the people, Space checks.
 */
export function MemberChecklist({ idPrefix, value, onChange, disabled, chosen = [] }: MemberChecklistProps) {
  const [search, setSearch] = useState('');
  const typed = search.trim().toLowerCase();
  const everyone = useInfiniteQuery(organizationUserQueries.pages(''));
  // Every person is loaded: search them here, as the list always did.
  const whole = everyone.data !== undefined && !everyone.hasNextPage;
  const q = useDebouncedValue(typed, SEARCH_DELAY_MS);
  const searched = useInfiniteQuery({ ...organizationUserQueries.pages(q), enabled: !whole && q !== '' });
  const onServer = !whole && typed !== '';
  const shown = onServer ? searched : everyone;

  const loaded = (query: typeof everyone) => query.data?.pages.flatMap((page) => page.items) ?? [];
  // Whom a chosen id names: the chosen people handed in, and everyone the pages show.
  const known = new Map<string, Person>([...chosen, ...loaded(everyone), ...loaded(searched)].map((person) => [person.id, person]));

  // The people chosen when the picker opened stay first (checking and unchecking does not move rows).
  const [firstChosen] = useState(() => value);
  const firstChosenSet = new Set(firstChosen);
  const list = onServer && q !== typed ? [] : loaded(shown).filter((person) => typed === '' || !whole || matches(person, typed));
  const rows = [
    ...firstChosen.flatMap((id) => {
      const person = known.get(id);
      return person && (typed === '' || matches(person, typed)) ? [person] : [];
    }),
    ...list.filter((person) => !firstChosenSet.has(person.id)),
  ];

  const selected = new Set(value);
  // At the cap, the people not chosen cannot be checked: the save would be refused.
  const full = value.length >= PROJECT_MEMBERS_MAX;
  const toggle = (id: string, checked: boolean) => onChange(checked ? [...value.filter((existing) => existing !== id), id] : value.filter((existing) => existing !== id));

  // Roving focus: one row takes Tab (the last one focused, else the first); arrows move it.
  const [active, setActive] = useState<string | undefined>(undefined);
  const tabStop = rows.some((person) => person.id === active) ? active : rows[0]?.id;
  const listRef = useRef<HTMLUListElement>(null);
  const moveFocus = (event: KeyboardEvent<HTMLUListElement>) => {
    const boxes = [...(listRef.current?.querySelectorAll<HTMLButtonElement>('[role="checkbox"]') ?? [])];
    const at = boxes.indexOf(document.activeElement as HTMLButtonElement);
    const target = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: boxes.length - 1 }[event.key];
    if (target === undefined || at < 0) return;
    event.preventDefault();
    boxes[Math.max(0, Math.min(boxes.length - 1, target))]?.focus();
  };

  const pending = shown.isPending && (!onServer || q === typed);
  const nothingAtAll = !onServer && typed === '' && everyone.data !== undefined && loaded(everyone).length === 0 && chosen.length === 0;

  return (
    <fieldset className="grid gap-1.5" disabled={disabled}>
      <legend className="mb-1.5 flex w-full items-baseline justify-between gap-2 text-sm font-medium text-ink">
        <span>Members</span>
        <span className="text-xs font-normal text-muted" aria-live="polite">
          {value.length} selected
        </span>
      </legend>
      {full ? <p className="text-xs text-muted">{PROJECT_MEMBERS_MAX_MESSAGE}</p> : null}
      {nothingAtAll ? null : (
        <div className="relative">
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" />
          <Input
            type="search"
            aria-label="Search people"
            placeholder="Search people..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            // Enter in the search field must not submit the dialog's form.
            onKeyDown={(event) => (event.key === 'Enter' ? event.preventDefault() : undefined)}
            className="pl-9"
          />
        </div>
      )}
      <div className="max-h-[300px] overflow-y-auto rounded-md border border-line" data-testid="member-checklist">
        {everyone.isError || (onServer && searched.isError) ? (
          <p role="alert" className="p-4 text-sm text-danger">
            Failed to load users. {(everyone.error ?? searched.error)?.message}
          </p>
        ) : nothingAtAll ? (
          <p className="p-4 text-sm text-muted">No users available</p>
        ) : (
          <>
            {rows.length > 0 ? (
              <ul ref={listRef} className="divide-y divide-line" onKeyDown={moveFocus}>
                {rows.map((user) => {
                  const id = `${idPrefix}-member-${user.id}`;
                  return (
                    <li key={user.id}>
                      <label htmlFor={id} className="flex cursor-pointer items-center gap-3 px-3 py-2 hover:bg-surface-2">
                        <Checkbox
                          id={id}
                          checked={selected.has(user.id)}
                          onCheckedChange={(checked) => toggle(user.id, checked === true)}
                          onFocus={() => setActive(user.id)}
                          tabIndex={user.id === tabStop ? 0 : -1}
                          disabled={disabled || (full && !selected.has(user.id))}
                        />
                        <UserAvatar fullName={user.fullName} avatarUrl={user.avatarUrl} size="sm" />
                        <span className="grid min-w-0">
                          <span className="truncate text-sm font-medium text-ink">{user.fullName}</span>
                          <span className="truncate text-xs text-muted">{user.username}</span>
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            ) : null}
            {pending ? (
              <div className="flex justify-center p-4">
                <Spinner label="Loading users" />
              </div>
            ) : rows.length === 0 ? (
              <p className="p-4 text-sm text-muted">No users found</p>
            ) : null}
            {shown.hasNextPage && !pending ? (
              <div className="flex justify-center p-2">
                <Button type="button" variant="outline" size="sm" onClick={() => shown.fetchNextPage()} disabled={shown.isFetchingNextPage}>
                  {shown.isFetchingNextPage ? 'Loading...' : 'Load more'}
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
    </fieldset>
  );
}
