import type { ProjectResponse } from '@shared/schemas/projects';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { InfiniteData } from '@tanstack/react-query';
import { FolderPlus, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyStateCard } from '../../../components/empty-state-card';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { isoDay } from '../../../lib/date-format';
import { usePageTitle } from '../../../lib/page-title';
import {
  EDIT_PARAM,
  hasFilters,
  listFiltersOf,
  NO_FILTERS,
  type ProjectListView,
  readListView,
  toggleSort,
  writeListView,
} from '../../../lib/project-list-view';
import { withoutParam } from '../../../lib/search-params';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useMediaQuery, WIDE_SCREEN } from '../../../lib/use-media-query';
import { projectQueries } from '../api/projects';
import { CreateProjectDialog } from '../components/create-project-dialog';
import { DeleteProjectDialog } from '../components/delete-project-dialog';
import { EditProjectDialog } from '../components/edit-project-dialog';
import { ManageMembersDialog } from '../components/manage-members-dialog';
import { ProjectList } from '../components/project-list';
import { ProjectsFilters } from '../components/projects-filters';
import { ProjectsLoadMore } from '../components/projects-load-more';
import type { ProjectPage } from '../lib/project-rows';

/** The loaded pages as one list, and the server's count of it (stable, so TanStack Query keeps its result). */
const listOfPages = (data: InfiniteData<ProjectPage, unknown>) => ({
  projects: data.pages.flatMap((page) => page.items),
  matched: data.pages[0]?.total,
});

/** The name filter asks the server once typing pauses this long. */
const NAME_FILTER_DEBOUNCE_MS = 250;

/** /projects: the organization's projects with their dialogs (spec section 2, Projects list). */
export function ProjectsPage() {
  usePageTitle('Projects');
  const [searchParams, setSearchParams] = useSearchParams();
  const view = readListView(searchParams);
  // Replacing, not pushing: each keystroke of the name filter must not become a history entry. The
  // change applies to the URL as it is now, which a second quick click may meet before this page has
  // drawn the first (a header clicked twice sorts descending).
  const updateView = (change: (current: ProjectListView) => ProjectListView) =>
    setSearchParams(writeListView(change(readListView(new URLSearchParams(window.location.search)))), { replace: true });
  const changeView = (change: Partial<ProjectListView>) => updateView((current) => ({ ...current, ...change }));
  const filtered = hasFilters(view);
  const name = useDebouncedValue(view.name, NAME_FILTER_DEBOUNCE_MS);
  // The server filters and sorts (decision 030); while another list is read the last one stays, dimmed.
  const projects = useInfiniteQuery({
    ...projectQueries.list(listFiltersOf(view, name)),
    placeholderData: keepPreviousData,
    select: listOfPages,
  });
  const total = useQuery({ ...projectQueries.total(), enabled: filtered });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = projects;
  const shown = projects.data?.projects ?? [];
  // A rare filter may answer pages with no match yet and a next page: read on until there is a row to show.
  const readingOn = shown.length === 0 && hasNextPage && !projects.isFetchNextPageError;
  useEffect(() => {
    if (readingOn && !isFetchingNextPage) void fetchNextPage();
  }, [readingOn, isFetchingNextPage, fetchNextPage]);
  const [creating, setCreating] = useCreateOnArrival();
  const [editing, setEditing] = useEditFromAddress();
  const [managing, setManaging] = useState<ProjectResponse | null>(null);
  const [deleting, setDeleting] = useState<ProjectResponse | null>(null);
  const closeWith = (set: (value: ProjectResponse | null) => void) => (open: boolean) => {
    if (!open) set(null);
  };
  const today = isoDay();
  const wide = useMediaQuery(WIDE_SCREEN, true);

  const newProjectButton = useRef<HTMLButtonElement>(null);
  const highlightId = useHighlight(shown);
  // Focus after a delete: the first action of the project after the deleted one (or before it), chosen when the dialog opens.
  const neighbours = useRef<string[]>([]);
  const startDelete = (project: ProjectResponse) => {
    const index = shown.findIndex((item) => item.id === project.id);
    neighbours.current = [shown[index + 1]?.id, shown[index - 1]?.id].filter((id): id is string => id !== undefined);
    setDeleting(project);
  };
  const focusAfterDelete = () =>
    neighbours.current.map(firstVisibleAction).find((element) => element !== null) ?? newProjectButton.current;

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Projects</h1>
          <p className="text-muted">Manage your projects and initiatives</p>
        </div>
        <Button ref={newProjectButton} onClick={() => setCreating(true)}>
          <Plus aria-hidden />
          New Project
        </Button>
      </div>

      <QueryState
        query={readingOn ? { ...projects, isPending: true } : projects}
        loading="Loading projects"
        loadingBox="py-16"
        error="Failed to load projects. Please try again later."
        isEmpty={(list) => list.projects.length === 0 && !filtered && !hasNextPage}
        empty={
          <EmptyStateCard
            icon={FolderPlus}
            title="No Projects Yet"
            description="Create a project to start planning and tracking your work."
          >
            <Button onClick={() => setCreating(true)}>
              <Plus aria-hidden />
              Create Your First Project
            </Button>
          </EmptyStateCard>
        }
      >
        {(list) => (
          <>
            <ProjectsFilters
              view={view}
              onChange={changeView}
              count={{
                loaded: list.projects.length,
                complete: !hasNextPage,
                matched: list.matched,
                total: filtered ? (total.data ?? undefined) : list.matched,
                filtered,
              }}
            />
            {shown.length === 0 ? (
              <Card className="text-center">
                <CardContent className="pt-5 text-muted sm:pt-6">No projects found.</CardContent>
              </Card>
            ) : (
              <ProjectList
                projects={shown}
                wide={wide}
                view={view}
                onSort={(key) => updateView((current) => toggleSort(current, key))}
                busy={projects.isPlaceholderData}
                today={today}
                highlightId={highlightId.current}
                onManageMembers={setManaging}
                onEdit={setEditing}
                onDelete={startDelete}
                end={
                  <ProjectsLoadMore
                    hasNextPage={hasNextPage}
                    isFetchingNextPage={isFetchingNextPage}
                    failed={projects.isFetchNextPageError}
                    fetchNextPage={fetchNextPage}
                  />
                }
              />
            )}
          </>
        )}
      </QueryState>

      <CreateProjectDialog
        open={creating}
        onOpenChange={setCreating}
        onCreated={(project) => {
          // A new project hidden by the filters would seem lost: show the whole list again.
          if (filtered) changeView(NO_FILTERS);
          highlightId.show(project.id);
        }}
      />
      <EditProjectDialog project={editing} onOpenChange={closeWith(setEditing)} />
      <ManageMembersDialog project={managing} onOpenChange={closeWith(setManaging)} />
      <DeleteProjectDialog project={deleting} onOpenChange={closeWith(setDeleting)} focusAfterDelete={focusAfterDelete} />
    </div>
  );
}

/**
 * The dashboard's empty state ('Create Your First Project') arrives with the create dialog open. The
 * history entry's state is cleared at once, so a reload or coming Back to this entry does not open
 * it again.
 */
function useCreateOnArrival() {
  const location = useLocation();
  const navigate = useNavigate();
  const arrivedToCreate = (location.state as { createProject?: boolean } | null)?.createProject === true;
  const creating = useState(arrivedToCreate);
  useEffect(() => {
    if (arrivedToCreate) void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [arrivedToCreate, navigate, location.pathname, location.search]);
  return creating;
}

/**
 * The project whose Edit dialog is open: one chosen in the list, or the one named by ?edit={id}
 * (the detail page's edit icon), read from the server. Closing that one takes the parameter out of
 * the address; a project that cannot be read says so in a toast.
 */
function useEditFromAddress() {
  const [chosen, setChosen] = useState<ProjectResponse | null>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const editId = searchParams.get(EDIT_PARAM);
  const named = useQuery({ ...projectQueries.detail(editId ?? ''), enabled: editId !== null, retry: false });
  const forgetParam = () => setSearchParams(withoutParam(EDIT_PARAM), { replace: true });
  useEffect(() => {
    if (editId === null || !named.isError) return;
    toast({
      title: 'Project Not Found',
      description: "We couldn't find the project you're looking for.",
      variant: 'destructive',
    });
    forgetParam();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per failed read
  }, [editId, named.isError]);
  const editing = chosen ?? (editId !== null && named.data ? named.data : null);
  const setEditing = (project: ProjectResponse | null) => {
    setChosen(project);
    if (project === null && editId !== null) forgetParam();
  };
  return [editing, setEditing] as const;
}

/** The shown (table or card) first action of a project, if it is on screen. */
function firstVisibleAction(projectId: string) {
  const candidates = document.querySelectorAll<HTMLElement>(`[data-project-id="${CSS.escape(projectId)}"] [data-first-action]`);
  return [...candidates].find((element) => element.offsetParent !== null) ?? null;
}

const HIGHLIGHT_MS = 2500;

/** A newly created project, scrolled into view and highlighted for a moment once the shown list has it. */
function useHighlight(shown: ProjectResponse[]) {
  const [id, setId] = useState<string | null>(null);
  const listed = id !== null && shown.some((project) => project.id === id);
  useEffect(() => {
    if (!id || !listed) return;
    // After the dialog has closed and given focus back, which scrolls too.
    const frame = requestAnimationFrame(() => {
      const row = [...document.querySelectorAll<HTMLElement>(`[data-project-id="${CSS.escape(id)}"]`)].find(
        (element) => element.offsetParent !== null,
      );
      row?.scrollIntoView({ block: 'center' });
    });
    const timer = setTimeout(() => setId(null), HIGHLIGHT_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [id, listed]);
  return { current: listed ? id : null, show: setId };
}
