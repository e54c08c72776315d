import * as DialogPrimitive from '@radix-ui/react-dialog';
import { useQuery } from '@tanstack/react-query';
import { Command } from 'cmdk';
import { FolderKanban, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Badge } from '../../../components/ui/badge';
import { Spinner } from '../../../components/ui/spinner';
import { overlayClasses } from '../../../components/ui/dialog';
import { cn } from '../../../lib/class-names';
import { projectQueries } from '../api/projects';
import { statusLabel, statusTone } from '../../../lib/project-status';

/** Top-bar projects search (spec section 2): Cmd/Ctrl+K or the button opens it; a result opens the project. */
export function ProjectSearch() {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const navigate = useNavigate();
  // Shares the list's query: fetched when first opened, refreshed by every project mutation.
  const projects = useQuery({ ...projectQueries.list(), enabled: open });

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

  const needle = query.trim().toLowerCase();
  const matches = (projects.data ?? []).filter((project) => project.name.toLowerCase().includes(needle));

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
            className="h-12 w-full bg-transparent text-base outline-none placeholder:text-muted sm:text-sm"
          />
        </div>
        <Command.List className="max-h-[300px] overflow-y-auto p-1" aria-label="Projects">
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
              <Command.Empty className="p-4 text-center text-sm text-muted">No projects found.</Command.Empty>
              {matches.map((project) => (
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
