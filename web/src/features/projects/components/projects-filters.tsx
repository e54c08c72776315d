import { PROJECT_SEARCH_MAX } from '@shared/schemas/projects';
import { ListFilter, Search } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../lib/class-names';
import {
  hasFilters,
  NO_FILTERS,
  type ProjectListView,
  SORT_KEYS,
  type SortKey,
  type SortOrder,
} from '../../../lib/project-list-view';
import { isProjectStatus, statusOptions } from '../../../lib/project-status';
import { type ProjectCount, projectCountText } from '../lib/project-count';

const ALL = 'all';
const DEFAULT_ORDER = 'default';
const statusFilterOptions = [{ value: ALL, label: 'All statuses' }, ...statusOptions];

const sortLabels: Record<SortKey, Record<SortOrder, string>> = {
  name: { asc: 'Name, A to Z', desc: 'Name, Z to A' },
  status: { asc: 'Status, Planning first', desc: 'Status, On Hold first' },
  dueDate: { asc: 'Due date, soonest first', desc: 'Due date, latest first' },
  createdAt: { asc: 'Created, oldest first', desc: 'Created, newest first' },
};
const sortOptions = [
  { value: DEFAULT_ORDER, label: 'Default order' },
  ...SORT_KEYS.flatMap((key) =>
    (['asc', 'desc'] as const).map((order) => ({ value: `${key}:${order}`, label: sortLabels[key][order] })),
  ),
];

interface ProjectsFiltersProps {
  view: ProjectListView;
  /** A change of some of the view's fields, applied to the view the URL holds when it is made. */
  onChange: (change: Partial<ProjectListView>) => void;
  count: ProjectCount;
}

/**
 * The status, name, overdue and 'my projects' filters above the list, and (on narrow screens, where
 * there are no column headers to click) the sort order. The server filters and counts; the count is
 * announced as it changes. On a phone only the name filter shows until 'Filters' opens the rest (with
 * how many are on), so the first project is on the first screen.
 */
export function ProjectsFilters({ view, onChange, count }: ProjectsFiltersProps) {
  const [moreShown, setMoreShown] = useState(false);
  const moreOn = [view.status !== null, view.sort !== null, view.overdue, view.dueSoon, view.mine].filter(Boolean).length;
  return (
    <div className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem] lg:grid-cols-[minmax(0,24rem)_12rem]">
        <div className="grid gap-1.5">
          <Label htmlFor="project-name-filter">Filter by name</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" aria-hidden />
            <Input
              id="project-name-filter"
              type="search"
              className="pl-9"
              value={view.name}
              onChange={(event) => onChange({ name: event.target.value })}
              maxLength={PROJECT_SEARCH_MAX}
              autoComplete="off"
            />
          </div>
        </div>
        {/* A box of its own only on phones, where it folds away; from sm up its fields sit in the grid. */}
        <div id="project-more-filters" className={cn(moreShown ? 'grid gap-3' : 'hidden', 'sm:contents')}>
          <div className="grid gap-1.5">
            <Label htmlFor="project-status-filter">Status</Label>
            <Select
              id="project-status-filter"
              value={view.status ?? ALL}
              onValueChange={(value) => onChange({ status: isProjectStatus(value) ? value : null })}
              options={statusFilterOptions}
            />
          </div>
          <div className="grid gap-1.5 sm:col-span-2 lg:hidden">
            <Label htmlFor="project-sort">Sort by</Label>
            <Select
              id="project-sort"
              value={view.sort ? `${view.sort}:${view.order}` : DEFAULT_ORDER}
              onValueChange={(value) => {
                const [sort, order] = value.split(':') as [SortKey, SortOrder];
                onChange(value === DEFAULT_ORDER ? { sort: null, order: 'asc' } : { sort, order });
              }}
              options={sortOptions}
            />
          </div>
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm sm:col-span-2">
            <CheckboxFilter
              id="project-overdue-filter"
              label="Overdue only"
              checked={view.overdue}
              onChange={(overdue) => onChange({ overdue })}
            />
            <CheckboxFilter
              id="project-due-soon-filter"
              label="Due in the next 7 days"
              checked={view.dueSoon}
              onChange={(dueSoon) => onChange({ dueSoon })}
            />
            <CheckboxFilter
              id="project-mine-filter"
              label="My projects"
              checked={view.mine}
              onChange={(mine) => onChange({ mine })}
            />
          </div>
        </div>
      </div>
      <div className="flex min-h-8 flex-wrap items-center gap-3 text-sm text-muted">
        <Button
          variant="outline"
          size="sm"
          className="sm:hidden"
          aria-expanded={moreShown}
          aria-controls="project-more-filters"
          onClick={() => setMoreShown((shown) => !shown)}
        >
          <ListFilter aria-hidden />
          {moreOn > 0 ? `Filters (${moreOn})` : 'Filters'}
        </Button>
        <p role="status">{projectCountText(count)}</p>
        {hasFilters(view) ? (
          <Button variant="ghost" size="sm" onClick={() => onChange(NO_FILTERS)}>
            Clear filters
          </Button>
        ) : null}
      </div>
    </div>
  );
}

function CheckboxFilter({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(state) => onChange(state === true)} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}
