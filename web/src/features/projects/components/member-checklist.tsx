import { PROJECT_MEMBERS_MAX, PROJECT_MEMBERS_MAX_MESSAGE } from '@shared/schemas/projects';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type Range, defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { Search } from 'lucide-react';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { UserAvatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { organizationUserQueries } from '../../../lib/api/organization-users';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { type Person, checklistRows } from '../lib/checklist-rows';

interface MemberChecklistProps {
  /** Prefix of the checkbox ids, unique per dialog. */
  idPrefix: string;
  value: string[];
  onChange: (memberIds: string[]) => void;
  disabled?: boolean;
  /** The people already chosen, with their names (the project's members): listed first even before their page is loaded. */
  chosen?: Person[];
}

const NO_ONE: Person[] = [];
/** The server is asked once typing pauses. */
const SEARCH_DELAY_MS = 300;
/** Every row is this tall (avatar and two lines, and its border): rows are placed, not measured. */
const ROW_HEIGHT = 53;
/** Rows drawn beyond the 300 px window, so a quick scroll or an arrow key finds them drawn. */
const OVERSCAN = 8;
/** The next page is read when the drawn rows come this close to the last one loaded. */
const NEXT_PAGE_AHEAD = 10;

/**
 * The organization's users with a checkbox each: avatar, name and email; scrolls past 300 px (spec
 * section 9). The people chosen when it opened come first, with a count of those chosen. Only the
 * rows in the window are drawn (decision 066): a project of 500 members opens as fast as one of 5.
 * A search field filters what is loaded when the whole organization is (up to 100 people), and asks
 * the server otherwise; scrolling near the end reads the next 100. The list is one Tab stop: arrow
 * keys, Home and End move between the people, Space checks.
 */
export function MemberChecklist({ idPrefix, value, onChange, disabled, chosen = NO_ONE }: MemberChecklistProps) {
  const [search, setSearch] = useState('');
  const typed = search.trim().toLowerCase();
  const everyone = useInfiniteQuery(organizationUserQueries.people(''));
  // Every person is loaded: search them here, as the list always did.
  const whole = everyone.data !== undefined && !everyone.hasNextPage;
  const q = useDebouncedValue(typed, SEARCH_DELAY_MS);
  const searched = useInfiniteQuery({ ...organizationUserQueries.people(q), enabled: !whole && q !== '' });
  const onServer = !whole && typed !== '';
  const shown = onServer ? searched : everyone;
  // Until the server has answered what is typed now, its answer to what was typed before is no answer.
  const waiting = onServer ? q !== typed || searched.isPending : everyone.isPending;

  // Whom a ticked id names: those ticked from a search keep their row once the search is cleared.
  const [picked, setPicked] = useState<Map<string, Person>>(() => new Map());
  // The people chosen when the picker opened stay first (checking and unchecking does not move rows).
  const [firstChosen] = useState(() => value);
  const rows = useMemo(
    () =>
      checklistRows({
        firstChosen,
        pickedSince: [...picked.keys()],
        known: [
          ...chosen,
          ...picked.values(),
          ...(everyone.data?.pages.flatMap((page) => page.items) ?? []),
          ...(searched.data?.pages.flatMap((page) => page.items) ?? []),
        ],
        list: waiting ? [] : (shown.data?.pages.flatMap((page) => page.items) ?? []),
        typed,
        filterList: !onServer,
      }),
    [firstChosen, chosen, picked, everyone.data, searched.data, waiting, shown.data, typed, onServer],
  );

  const selected = new Set(value);
  // At the cap, the people not chosen cannot be checked: the save would be refused.
  const full = value.length >= PROJECT_MEMBERS_MAX;
  const toggle = (person: Person, checked: boolean) => {
    if (checked && !picked.has(person.id)) setPicked((before) => new Map(before).set(person.id, person));
    onChange(
      checked
        ? [...value.filter((existing) => existing !== person.id), person.id]
        : value.filter((existing) => existing !== person.id),
    );
  };

  // Roving focus: one row takes Tab (the last one focused, else the first); arrows move it. That row
  // stays drawn when scrolled away, so Tab still finds it and focus is not lost with it.
  const [active, setActive] = useState<string | undefined>(undefined);
  const activeIndex = Math.max(
    0,
    rows.findIndex((person) => person.id === active),
  );
  const tabStop = rows[activeIndex]?.id;
  const scrollRef = useRef<HTMLDivElement>(null);
  const keepActive = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      return indexes.includes(activeIndex) || activeIndex >= range.count
        ? indexes
        : [...indexes, activeIndex].sort((a, b) => a - b);
    },
    [activeIndex],
  );
  // No React Compiler builds this app: nothing memoizes the virtualizer's functions, so none go stale.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    rangeExtractor: keepActive,
    getItemKey: (index) => rows[index]!.id,
    // A scroll redraws in React's own time: flushing inside its render (React 19) only warns.
    useFlushSync: false,
  });
  const drawn = virtualizer.getVirtualItems();

  // A key moves focus to a row that may not be drawn yet: scroll to it, then focus it once drawn.
  const focusNext = useRef<string | undefined>(undefined);
  useEffect(() => {
    const id = focusNext.current;
    if (id === undefined) return;
    const box = document.getElementById(`${idPrefix}-member-${id}`);
    if (box) {
      focusNext.current = undefined;
      box.focus();
    }
  });
  const moveFocus = (event: KeyboardEvent<HTMLUListElement>) => {
    const from = event.target instanceof HTMLElement ? event.target.dataset.personId : undefined;
    const at = rows.findIndex((person) => person.id === from);
    const target = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: rows.length - 1 }[event.key];
    if (target === undefined || at < 0) return;
    event.preventDefault();
    const index = Math.max(0, Math.min(rows.length - 1, target));
    const id = rows[index]!.id;
    setActive(id);
    virtualizer.scrollToIndex(index);
    const box = document.getElementById(`${idPrefix}-member-${id}`);
    if (box) box.focus();
    else focusNext.current = id;
  };

  // The last row in the window (not the Tab stop kept drawn below it): no rows at all reads on too.
  const lastInView = virtualizer.range?.endIndex ?? -1;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = shown;
  useEffect(() => {
    if (!waiting && hasNextPage && !isFetchingNextPage && lastInView >= rows.length - NEXT_PAGE_AHEAD) void fetchNextPage();
  }, [waiting, hasNextPage, isFetchingNextPage, lastInView, rows.length, fetchNextPage]);

  const failed = everyone.isError || (onServer && searched.isError);
  const failure = everyone.error ?? searched.error;
  const nothingAtAll =
    !onServer && typed === '' && everyone.data !== undefined && everyone.data.pages[0]!.items.length === 0 && chosen.length === 0;
  const loading = waiting || isFetchingNextPage;

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
      <div
        ref={scrollRef}
        className="max-h-[300px] overflow-y-auto rounded-md border border-line"
        data-testid="member-checklist"
        aria-busy={loading || undefined}
      >
        {failed ? (
          <div role="alert" className="grid justify-items-start gap-2 p-4 text-sm text-danger">
            <p>Failed to load users. {failure?.message}</p>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => void (everyone.isError ? everyone.refetch() : searched.refetch())}
            >
              Try again
            </Button>
          </div>
        ) : nothingAtAll ? (
          <p className="p-4 text-sm text-muted">No users available</p>
        ) : (
          <>
            {rows.length > 0 ? (
              <ul className="relative" style={{ height: virtualizer.getTotalSize() }} onKeyDown={moveFocus}>
                {drawn.map((row) => {
                  const user = rows[row.index]!;
                  const id = `${idPrefix}-member-${user.id}`;
                  return (
                    <li
                      key={row.key}
                      aria-setsize={rows.length}
                      aria-posinset={row.index + 1}
                      className="absolute top-0 left-0 w-full border-b border-line"
                      style={{ height: ROW_HEIGHT, transform: `translateY(${row.start}px)` }}
                    >
                      <label htmlFor={id} className="flex h-full cursor-pointer items-center gap-3 px-3 hover:bg-surface-2">
                        <Checkbox
                          id={id}
                          data-person-id={user.id}
                          checked={selected.has(user.id)}
                          onCheckedChange={(checked) => toggle(user, checked === true)}
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
            {loading ? (
              <div className="flex justify-center p-4">
                <Spinner label="Loading users" />
              </div>
            ) : rows.length === 0 ? (
              <p className="p-4 text-sm text-muted">No users found</p>
            ) : null}
          </>
        )}
      </div>
    </fieldset>
  );
}
