import * as DialogPrimitive from '@radix-ui/react-dialog';
import { PROJECT_SEARCH_MAX } from '@shared/schemas/projects';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { ArrowRight, FolderKanban, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { UserAvatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { overlayClasses } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { organizationUserQueries } from '../../../lib/api/organization-users';
import { matchDestinations } from '../../../lib/app-destinations';
import { cn } from '../../../lib/class-names';
import { isAdmin, useCurrentUser } from '../../../lib/current-user';
import { statusLabel, statusTone } from '../../../lib/project-status';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { PROJECT_SEARCH_RESULTS, projectQueries } from '../api/projects';

/** The palette asks the server once typing pauses this long (and cancels the request it replaces). */
const SEARCH_DEBOUNCE_MS = 150;
/** People shown for what an admin typed: the Users tab lists the rest. */
const PEOPLE_RESULTS = 5;

const groupClasses =
  '[&_[cmdk-group-heading]]:px-3 [&_[cmdk-group-heading]]:pt-2 [&_[cmdk-group-heading]]:pb-1 [&_[cmdk-group-heading]]:text-xs [&_[cmdk-group-heading]]:font-medium [&_[cmdk-group-heading]]:text-muted';
const itemClasses =
  'flex cursor-default items-center gap-3 rounded-sm px-3 py-2 text-sm select-none data-[selected=true]:bg-brand-10 data-[selected=true]:text-brand-100';

/**
 * Top-bar projects search (spec section 2): Cmd/Ctrl+K or the button opens it; a result opens the
 * project. The server searches projects by name (decision 027), and for admins people by name or
 * email (a person opens the Users tab searched for them); what is typed also finds the app's screens
 * and tabs ('Go to', matched on the client: a fixed list of a dozen).
 */
export function ProjectSearch() {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const navigate = useNavigate();
  const q = useDebouncedValue(query.trim(), SEARCH_DEBOUNCE_MS);
  const queryClient = useQueryClient();
  // Fetched when opened; the last results stay (and can be chosen) while the next are asked for. The
  // first opening shows the list's first projects if /projects has them: the empty query asks for
  // exactly those (creation order, the first PROJECT_SEARCH_RESULTS).
  const projects = useQuery({
    ...projectQueries.search(q),
    enabled: open,
    placeholderData: (previous) =>
      previous ??
      (q === ''
        ? queryClient.getQueryData(projectQueries.list({}).queryKey)?.pages[0]?.items.slice(0, PROJECT_SEARCH_RESULTS)
        : undefined),
  });
  const { data: user } = useCurrentUser();
  const admin = isAdmin(user);
  const people = useInfiniteQuery({ ...organizationUserQueries.people(q), enabled: open && admin && q !== '' });
  const personResults = admin && q !== '' ? (people.data?.pages[0]?.items ?? []).slice(0, PEOPLE_RESULTS) : [];
  const destinations = query.trim() === '' ? [] : matchDestinations(query.trim(), admin);
  const searching = open && (projects.isFetching || people.isFetching || query.trim() !== q);
  // Every result in the order listed; new results choose their first, so Enter opens a result of what
  // was typed (cmdk would keep pointing at a result that is no longer listed).
  const values = [
    ...(projects.data ?? []).map((project) => `project:${project.id}`),
    ...personResults.map((person) => `person:${person.id}`),
    ...destinations.map((destination) => `page:${destination.path}`),
  ];
  const listed = values.join(' ');
  const [chosen, setChosen] = useState<{ value: string; among: string }>({ value: '', among: '' });
  const value = chosen.among === listed ? chosen.value : (values[0] ?? '');
  const go = (path: string) => {
    changeOpen(false);
    void navigate(path);
  };

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setOpen((current) => !current);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) setQuery('');
  };

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="inline-flex h-10 w-full max-w-sm items-center gap-2 rounded-md border border-line-strong bg-surface px-3 text-sm text-muted shadow-xs hover:bg-surface-2"
        aria-keyshortcuts="Control+K Meta+K"
      >
        <Search className="size-4 shrink-0" aria-hidden />
        <span className="truncate">Search projects...</span>
        <kbd className="ml-auto hidden rounded border border-line bg-surface-3 px-1.5 font-sans text-xs text-ink-2 sm:inline">
          Ctrl K
        </kbd>
      </button>
      <Command.Dialog
        open={open}
        onOpenChange={changeOpen}
        label="Search projects"
        shouldFilter={false}
        value={value}
        onValueChange={(chosenValue) => setChosen({ value: chosenValue, among: listed })}
        overlayClassName={overlayClasses}
        contentClassName={cn(
          'fixed top-[15dvh] left-1/2 z-50 w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 overflow-hidden',
          'rounded-lg border border-line bg-surface shadow-lg animate-fade-in',
        )}
      >
        <DialogPrimitive.Title className="sr-only">Search projects</DialogPrimitive.Title>
        <DialogPrimitive.Description className="sr-only">
          Type a project name, then choose a result to open it.
        </DialogPrimitive.Description>
        <div className="flex items-center gap-2 border-b border-line px-3">
          <Search className="size-4 shrink-0 text-muted" aria-hidden />
          <Command.Input
            value={query}
            onValueChange={setQuery}
            placeholder="Search projects by name..."
            maxLength={PROJECT_SEARCH_MAX}
            className="h-12 w-full bg-transparent text-base outline-none placeholder:text-muted sm:text-sm"
          />
          {searching && !projects.isPending ? (
            <Spinner label="Searching projects" className="[&>span:first-child]:size-4 [&>span:first-child]:border-2" />
          ) : null}
        </div>
        {/* Beside the list, not in it: a listbox holds options only, and one holding a spinner or an
            alert is announced as a broken list (axe-core's aria-required-children). */}
        {projects.isPending ? (
          <div className="flex justify-center p-4">
            <Spinner label="Loading projects" />
          </div>
        ) : projects.isError ? (
          <p role="alert" className="p-4 text-sm text-danger">
            Failed to load projects. Please try again later.
          </p>
        ) : null}
        <Command.List className="max-h-[300px] overflow-y-auto p-1" aria-label="Projects" aria-busy={searching || undefined}>
          {projects.isPending || projects.isError ? null : (
            <>
              {/* Not while the answer to what was typed is awaited: the results shown are the last query's. */}
              {searching ? null : (
                <Command.Empty className="p-4 text-center text-sm text-muted">No projects found.</Command.Empty>
              )}
              {projects.data.length > 0 ? (
                <Command.Group heading={values.length > projects.data.length ? 'Projects' : undefined} className={groupClasses}>
                  {projects.data.map((project) => (
                    <Command.Item
                      key={project.id}
                      value={`project:${project.id}`}
                      onSelect={() => go(`/projects/${project.id}`)}
                      className={itemClasses}
                    >
                      <FolderKanban className="size-4 shrink-0 text-muted" aria-hidden />
                      <span className="min-w-0 flex-1 truncate font-medium">{project.name}</span>
                      <Badge tone={statusTone(project.status)}>{statusLabel(project.status)}</Badge>
                    </Command.Item>
                  ))}
                </Command.Group>
              ) : values.length > 0 && !searching ? (
                <p className="px-3 pt-2 pb-1 text-sm text-muted">No projects found.</p>
              ) : null}
              {personResults.length > 0 ? (
                <Command.Group heading="People" className={groupClasses}>
                  {personResults.map((person) => (
                    <Command.Item
                      key={person.id}
                      value={`person:${person.id}`}
                      onSelect={() => go(`/organization-settings?tab=users&q=${encodeURIComponent(person.fullName)}`)}
                      className={itemClasses}
                    >
                      <UserAvatar fullName={person.fullName} avatarUrl={person.avatarUrl} size="sm" />
                      <span className="min-w-0 flex-1 truncate font-medium">{person.fullName}</span>
                      <span className="hidden max-w-[45%] min-w-0 truncate text-muted sm:inline">{person.username}</span>
                    </Command.Item>
                  ))}
                </Command.Group>
              ) : null}
              {destinations.length > 0 ? (
                <Command.Group heading="Go to" className={groupClasses}>
                  {destinations.map((destination) => (
                    <Command.Item
                      key={destination.path}
                      value={`page:${destination.path}`}
                      onSelect={() => go(destination.path)}
                      className={itemClasses}
                    >
                      <ArrowRight className="size-4 shrink-0 text-muted" aria-hidden />
                      <span className="min-w-0 flex-1 truncate font-medium">{destination.label}</span>
                    </Command.Item>
                  ))}
                </Command.Group>
              ) : null}
            </>
          )}
        </Command.List>
      </Command.Dialog>
    </>
  );
}
