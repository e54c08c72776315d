import { formatISO, parseISO, startOfISOWeek } from 'date-fns';
import { PROJECT_STATUSES, type ProjectStatus } from '../../shared/project-statuses';
import { projectKeys } from './keys';

/**
 * `ORG#o / FIGURES#PROJECTS`: the number of the organization's projects in each status
 * (`count_<status>`) and of those created in each ISO week (`created_<Monday>`). No request writes
 * it: a project change puts what it moves into its event item, and the stream consumer adds a
 * batch's events in one UpdateItem per organization (functions/projects/figures-from-events.ts,
 * docs/decisions/032). Attributes rather than a map, so the first ADD creates the item.
 */
export type FiguresItem = Record<string, unknown>;

const COUNT = 'count_';
const CREATED = 'created_';
/** What earlier versions kept on the item; the recount removes it. */
export const LEGACY_RECENT = 'recent_';

export type StatusCounts = Record<ProjectStatus, number>;

/** A change's moves of the counters: attribute name → how much it adds (negative to take away). */
export type FiguresDelta = Record<string, number>;

export function statusCounts(item: FiguresItem | undefined): StatusCounts {
  const counts = {} as StatusCounts;
  for (const status of PROJECT_STATUSES) counts[status] = Number(item?.[`${COUNT}${status}`] ?? 0);
  return counts;
}

/** The ISO week (its Monday, 'YYYY-MM-DD') a project created at this instant counts in. */
export const weekOf = (createdAt: string) =>
  formatISO(startOfISOWeek(parseISO(createdAt.slice(0, 10))), { representation: 'date' });

/** How many projects the item counts as created in the week starting on `weekStart`. */
export const createdInWeek = (item: FiguresItem | undefined, weekStart: string) => Number(item?.[`${CREATED}${weekStart}`] ?? 0);

/** A project enters the counters (created: +1) or leaves them (deleted: -1). */
export function projectCounted(project: { status: ProjectStatus; createdAt: string }, sign: 1 | -1): FiguresDelta {
  return { [`${COUNT}${project.status}`]: sign, [`${CREATED}${weekOf(project.createdAt)}`]: sign };
}

/** A project moved from one status to another (nothing when it did not). */
export function statusMoved(from: ProjectStatus, to: ProjectStatus): FiguresDelta {
  return from === to ? {} : { [`${COUNT}${from}`]: -1, [`${COUNT}${to}`]: 1 };
}

/** The sum of several changes' moves, zeros left out (what the consumer adds for a batch). */
export function sumDeltas(deltas: FiguresDelta[]): FiguresDelta {
  const sum: FiguresDelta = {};
  for (const delta of deltas) for (const [name, value] of Object.entries(delta)) sum[name] = (sum[name] ?? 0) + value;
  return Object.fromEntries(Object.entries(sum).filter(([, value]) => value !== 0));
}

/** The counters a set of projects should have, as the attributes the item holds (the recount's and the seed's). */
export function figuresOfProjects(projects: { status: ProjectStatus; createdAt: string }[]): FiguresDelta {
  const zeros = Object.fromEntries(PROJECT_STATUSES.map((status) => [`${COUNT}${status}`, 0]));
  return { ...zeros, ...sumDeltas(projects.map((project) => projectCounted(project, 1))) };
}

/** The attributes a recount replaces: every counter, and what earlier versions kept. */
export const isFigureAttribute = (name: string) =>
  name.startsWith(COUNT) || name.startsWith(CREATED) || name.startsWith(LEGACY_RECENT);

/** A whole figures item for these projects (for seeding an organization written straight into the table). */
export function figuresItem(orgId: string, projects: { status: ProjectStatus; createdAt: string }[]): FiguresItem {
  return { ...projectKeys.projectFigures(orgId), ...figuresOfProjects(projects) };
}
