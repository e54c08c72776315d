import { Search } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { statusOptions } from '../../../lib/project-status';
import { hasFilters, type ProjectListView, SORT_KEYS, type SortKey, type SortOrder } from '../lib/project-list-view';

const ALL = 'all';
const DEFAULT_ORDER = 'default';
const statusFilterOptions = [{ value: ALL, label: 'All statuses' }, ...statusOptions];

const sortLabels: Record<SortKey, Record<SortOrder, string>> = {
  name: { asc: 'Name, A to Z', desc: 'Name, Z to A' },
  dueDate: { asc: 'Due date, soonest first', desc: 'Due date, latest first' },
  createdAt: { asc: 'Created, oldest first', desc: 'Created, newest first' },
};
const sortOptions = [
  { value: DEFAULT_ORDER, label: 'Default order' },
  ...SORT_KEYS.flatMap((key) => (['asc', 'desc'] as const).map((order) => ({ value: `${key}:${order}`, label: sortLabels[key][order] }))),
];

interface ProjectsFiltersProps {
  view: ProjectListView;
  onChange: (view: ProjectListView) => void;
  shown: number;
  total: number;
}

/**
 * The status and name filters above the list, and (on narrow screens, where there are no column
 * headers to click) the sort order. The count of shown projects is announced as it changes.
 */
export function ProjectsFilters({ view, onChange, shown, total }: ProjectsFiltersProps) {
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
              onChange={(event) => onChange({ ...view, name: event.target.value })}
              autoComplete="off"
            />
          </div>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="project-status-filter">Status</Label>
          <Select
            id="project-status-filter"
            value={view.status ?? ALL}
            onValueChange={(value) => onChange({ ...view, status: value === ALL ? null : value })}
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
              onChange(value === DEFAULT_ORDER ? { ...view, sort: null, order: 'asc' } : { ...view, sort, order });
            }}
            options={sortOptions}
          />
        </div>
      </div>
      <div className="flex min-h-8 flex-wrap items-center gap-3 text-sm text-muted">
        <p role="status">{hasFilters(view) ? `${shown} of ${total} projects` : `${total} ${total === 1 ? 'project' : 'projects'}`}</p>
        {hasFilters(view) ? (
          <Button variant="ghost" size="sm" onClick={() => onChange({ ...view, status: null, name: '' })}>
            Clear filters
          </Button>
        ) : null}
      </div>
    </div>
  );
}
