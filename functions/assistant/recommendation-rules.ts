import { BUSY_PERSON_PROJECTS, BUSY_WINDOW_DAYS, RECOMMENDATIONS_MAX, STALE_DAYS } from '../../shared/limits';
import { PROJECT_STATUS_LABELS, type ProjectStatus } from '../../shared/project-statuses';
import type { Recommendation, RecommendationKind } from '../../shared/schemas/assistant';
import { BUSY_NAMED, FEED_ENTRIES, type ProjectSeen, type RecommendationSources } from './recommendation-reads';

/**
 * The projects needing attention, by rules over what recommendation-reads.ts found: no model, and
 * the same answer for the same data. One recommendation a project (its most urgent reason), most
 * urgent first, at most RECOMMENDATIONS_MAX.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const dayNumber = (day: string) => Math.floor(Date.parse(`${day.slice(0, 10)}T00:00:00Z`) / DAY_MS);
const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;
const statusLabel = (status: string) => PROJECT_STATUS_LABELS[status as ProjectStatus] ?? status;

/** The order of urgency: an overdue project before one about to slip, people before quiet projects. */
const URGENCY: RecommendationKind[] = ['overdue', 'planning_due_soon', 'person_overloaded', 'no_members', 'no_recent_activity'];

interface Found {
  project: ProjectSeen;
  kind: RecommendationKind;
  reason: string;
  /** Within a kind, lower first (the days overdue negated, the days left). */
  rank: number;
}

export interface BusyPerson {
  userId: string;
  /** Their open projects due within the window, soonest first. */
  projects: ProjectSeen[];
}

/**
 * The people on the most open projects due within the window, most first, at most BUSY_NAMED: their
 * names are read whether or not they pass the limit, so the route's calls depend on whether the window
 * holds staffed projects, never on how busy anyone is (the same calls at 10 projects as at 50,000).
 */
export function busiestPeople(sources: RecommendationSources): BusyPerson[] {
  const byPerson = new Map<string, ProjectSeen[]>();
  for (const project of sources.dueWithinWindow)
    for (const userId of sources.membersOf.get(project.id) ?? [])
      byPerson.set(userId, [...(byPerson.get(userId) ?? []), project]);
  return [...byPerson]
    .map(([userId, projects]) => ({ userId, projects }))
    .sort((a, b) => b.projects.length - a.projects.length || a.userId.localeCompare(b.userId))
    .slice(0, BUSY_NAMED);
}

export function recommendationsOf(
  sources: RecommendationSources,
  busy: BusyPerson[],
  names: Map<string, string>,
): Recommendation[] {
  const today = dayNumber(sources.today);
  const found: Found[] = [];
  for (const project of sources.overdue) {
    const late = today - dayNumber(project.dueDate!);
    found.push({
      project,
      kind: 'overdue',
      reason: `Due ${days(late)} ago and still ${statusLabel(project.status)}`,
      rank: -late,
    });
  }
  for (const project of sources.planningDueSoon) {
    const left = dayNumber(project.dueDate!) - today;
    const when = left === 0 ? 'Due today' : `Due in ${days(left)}`;
    found.push({ project, kind: 'planning_due_soon', reason: `${when} and still Planning`, rank: left });
  }
  for (const person of busy.filter((candidate) => candidate.projects.length > BUSY_PERSON_PROJECTS)) {
    const name = names.get(person.userId);
    if (!name) continue;
    found.push({
      project: person.projects[0]!,
      kind: 'person_overloaded',
      reason: `${name} is on ${person.projects.length} active projects due in the next ${days(BUSY_WINDOW_DAYS)}`,
      rank: -person.projects.length,
    });
  }
  const seen = [...sources.overdue, ...sources.planningDueSoon, ...sources.inProgressOldest, ...sources.dueWithinWindow];
  for (const project of new Map(seen.map((p) => [p.id, p])).values())
    if ((sources.membersOf.get(project.id) ?? []).length === 0)
      found.push({ project, kind: 'no_members', reason: `No members and still ${statusLabel(project.status)}`, rank: 0 });
  found.push(...quietProjects(sources, today));

  const best = new Map<string, Found>();
  const order = (entry: Found) => URGENCY.indexOf(entry.kind) * 1e6 + entry.rank;
  for (const entry of found.sort((a, b) => order(a) - order(b)))
    if (!best.has(entry.project.id)) best.set(entry.project.id, entry);
  return [...best.values()].slice(0, RECOMMENDATIONS_MAX).map(({ project, kind, reason }) => ({
    projectId: project.id,
    projectName: project.name,
    kind,
    reason,
  }));
}

/**
 * In Progress projects whose last change is STALE_DAYS old and that have no entry (a comment, a
 * change) among the organization's newest activity entries read. Told only when those entries reach
 * back STALE_DAYS, or are all there are: in a busier organization the read cannot tell, and says nothing.
 */
function quietProjects(sources: RecommendationSources, today: number): Found[] {
  const entries = sources.recentActivity;
  const oldest = entries.at(-1);
  const wholeFeed = entries.length < FEED_ENTRIES;
  if (!wholeFeed && (!oldest || today - dayNumber(oldest.createdAt) < STALE_DAYS)) return [];
  const lastEntry = new Map<string, number>();
  for (const entry of entries)
    lastEntry.set(entry.projectId, Math.max(lastEntry.get(entry.projectId) ?? 0, dayNumber(entry.createdAt)));
  return sources.inProgressOldest.flatMap((project) => {
    const last = Math.max(project.updatedAt ? dayNumber(project.updatedAt) : 0, lastEntry.get(project.id) ?? 0);
    const quiet = today - last;
    return quiet >= STALE_DAYS
      ? [
          {
            project,
            kind: 'no_recent_activity' as const,
            reason: `No activity for ${days(quiet)} and still In Progress`,
            rank: -quiet,
          },
        ]
      : [];
  });
}
