import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { FolderKanban, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PROJECT_SEARCH_MAX } from '@shared/schemas/projects';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import { overlayClasses } from '../../../components/ui/dialog';
import { cn } from '../../../lib/class-names';
import { PROJECT_SEARCH_RESULTS, projectQueries } from '../api/projects';
import { statusLabel, statusTone } from '../../../lib/project-status';
import { useDebouncedValue } from '../../../lib/use-debounced-value';

/** The palette asks the server once typing pauses this long (and cancels the request it replaces). */
const SEARCH_DEBOUNCE_MS = 150;

/**
 * Top-bar projects search (spec section 2): Cmd/Ctrl+K or the button opens it; a result opens the
 * project. The server searches by name (decision 027): the palette never filters on the client.
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
      previous ?? (q === '' ? queryClient.getQueryData(projectQueries.list({}).queryKey)?.pages[0]?.items.slice(0, PROJECT_SEARCH_RESULTS) : undefined),
  });
  const searching = open && (projects.isFetching || query.trim() !== q);
  // The result chosen among these results; new results choose their first, so Enter opens a result
  // of what was typed (cmdk would keep pointing at a result that is no longer listed).
  const [chosen, setChosen] = useState<{ id: string; among: unknown }>({ id: '', among: undefined });
  const value = chosen.among === projects.data ? chosen.id : (projects.data?.[0]?.id ?? '');

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
        <kbd className="ml-auto hidden rounded border border-line bg-surface-3 px-1.5 font-sans text-xs text-ink-2 sm:inline">Ctrl K</kbd>
      </button>
      <Command.Dialog
        open={open}
        onOpenChange={changeOpen}
        label="Search projects"
        shouldFilter={false}
        value={value}
        onValueChange={(id) => setChosen({ id, among: projects.data })}
        overlayClassName={overlayClasses}
        contentClassName={cn(
          'fixed top-[15dvh] left-1/2 z-50 w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 overflow-hidden',
          'rounded-lg border border-line bg-surface shadow-lg animate-fade-in',
        )}
      >
        <DialogPrimitive.Title className="sr-only">Search projects</DialogPrimitive.Title>
        <DialogPrimitive.Description className="sr-only">Type a project name, then choose a result to open it.</DialogPrimitive.Description>
        <div className="flex items-center gap-2 border-b border-line px-3">
          <Search className="size-4 shrink-0 text-muted" aria-hidden />
          <Command.Input
            value={query}
            onValueChange={setQuery}
            placeholder="Search projects by name..."
            maxLength={PROJECT_SEARCH_MAX}
            className="h-12 w-full bg-transparent text-base outline-none placeholder:text-muted sm:text-sm"
          />
          {searching && !projects.isPending ? <Spinner label="Searching projects" className="[&>span:first-child]:size-4 [&>span:first-child]:border-2" /> : null}
        </div>
        <Command.List className="max-h-[300px] overflow-y-auto p-1" aria-label="Projects" aria-busy={searching || undefined}>
          {projects.isPending ? (
            <Command.Loading label="Loading projects">
              <div className="flex justify-center p-4">
                <Spinner label="Loading projects" />
              </div>
            </Command.Loading>
          ) : projects.isError ? (
            <p role="alert" className="p-4 text-sm text-danger">
              Failed to load projects. Please try again later.
            </p>
          ) : (
            <>
              {/* Not while the answer to what was typed is awaited: the results shown are the last query's. */}
              {searching ? null : <Command.Empty className="p-4 text-center text-sm text-muted">No projects found.</Command.Empty>}
              {projects.data.map((project) => (
                <Command.Item
                  key={project.id}
                  value={project.id}
                  onSelect={() => {
                    changeOpen(false);
                    void navigate(`/projects/${project.id}`);
                  }}
                  className="flex cursor-default items-center gap-3 rounded-sm px-3 py-2 text-sm select-none data-[selected=true]:bg-brand-10 data-[selected=true]:text-brand-100"
                >
                  <FolderKanban className="size-4 shrink-0 text-muted" aria-hidden />
                  <span className="min-w-0 flex-1 truncate font-medium">{project.name}</span>
                  <Badge tone={statusTone(project.status)}>{statusLabel(project.status)}</Badge>
                </Command.Item>
              ))}
            </>
          )}
        </Command.List>
      </Command.Dialog>
    </>
  );
}
