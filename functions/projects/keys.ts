import { PROJECT_STATUSES } from '../../shared/project-statuses';
import { type Key, keyOf, ORG, SEPARATOR } from '../db/keys';
import type { FiguresItem } from './figures';
import type { ProjectItem } from './item';
import type { MemberSetItem } from './member-set';

const PROJECT = 'PROJECT#';
const ACTIVITY = 'ACTIVITY#';
const PROJECT_WORDS = '#WORDS';
const MEMBERS = 'MEMBERS#';
const MEMBER = '#MEMBER#';
/** Due-date order puts projects without a due date after every date. */
const NO_DUE_DATE = '~';

/** The keys of a project's items and of the organization's project figures (docs/data-model.md, Projects). */
export const projectKeys = {
  project: (orgId: string, projectId: string) => keyOf<ProjectItem>(`${ORG}${orgId}`, `${PROJECT}${projectId}`),
  /** A project's member set, apart from the project so that a change of its status never rewrites 500 ids (docs/decisions/037). */
  projectMembers: (orgId: string, projectId: string) => keyOf<MemberSetItem>(`${ORG}${orgId}`, `${MEMBERS}${projectId}`),
  /** One user's membership of one project, kept from the member sets by the stream consumer: 'my projects' (docs/decisions/037). */
  membership: (orgId: string, userId: string, projectId: string): Key => ({
    PK: `${ORG}${orgId}${MEMBER}${userId}`,
    SK: `${PROJECT}${projectId}`,
  }),
  /**
   * One word of a project's name, for the word-prefix search (functions/projects/words.ts): in a
   * partition of its own, so the organization's partition Queries never meet them.
   */
  projectWord: (orgId: string, word: string, projectId: string): Key => ({
    PK: `${ORG}${orgId}${PROJECT_WORDS}`,
    SK: `${word}${SEPARATOR}${projectId}`,
  }),
  /** The organization's project counters by status and its newest activity entries. */
  projectFigures: (orgId: string) => keyOf<FiguresItem>(`${ORG}${orgId}`, 'FIGURES#PROJECTS'),
  projectActivity: (orgId: string, projectId: string, entryId: string): Key => ({
    PK: `${ORG}${orgId}`,
    SK: `${ACTIVITY}${projectId}#${entryId}`,
  }),
  /**
   * That a project's members were reminded of its due date on `day` (`kind`: due tomorrow, or overdue
   * since that day): put with the reminder's event, so a second run that day reminds nobody. A
   * partition per project and day, so a day's run spreads its writes.
   */
  dueReminder: (orgId: string, projectId: string, kind: string, day: string): Key => ({
    PK: `REMINDER#${orgId}#${projectId}#${kind}#${day}`,
    SK: 'REMINDER',
  }),
} as const;

/** A status's place in status order: the order of PROJECT_STATUSES, any other status after them. */
const statusRank = (status: string) => {
  const rank = (PROJECT_STATUSES as readonly string[]).indexOf(status);
  return String(rank < 0 ? PROJECT_STATUSES.length : rank);
};

/**
 * A project's sort keys in the project indexes (tableDefinition.globalSecondaryIndexes): the
 * lower-case name, then the id, so equal names keep one order; due date and status come before it.
 */
export function projectIndexKeys(project: Pick<ProjectItem, 'id' | 'name' | 'status' | 'dueDate'>) {
  const nameKey = `${project.name.toLowerCase()}${SEPARATOR}${project.id}`;
  const dueKey = `${project.dueDate ?? NO_DUE_DATE}${SEPARATOR}${nameKey}`;
  const status = `${statusRank(project.status)}${SEPARATOR}`;
  const open = project.status !== 'completed' && project.dueDate !== null;
  return {
    nameKey,
    dueKey,
    statusKey: `${status}${nameKey}`,
    /** A status filter in creation order and in due-date order: the status, then the order (docs/decisions/104). */
    statusCreatedKey: `${status}${project.id}`,
    statusDueKey: `${status}${dueKey}`,
    /** Only open projects with a due date, in the list's due-date order: overdue and due soon in that order by key (decision 104). */
    openListDueKey: open ? dueKey : undefined,
    /** Only open projects with a due date are in openProjectsByDueDate (undefined: the attribute is removed). */
    openDueKey: project.status !== 'completed' && project.dueDate ? `${project.dueDate}${SEPARATOR}${project.id}` : undefined,
    /** The same open projects by day across organizations (projectsDueOn): the due-date reminders' index. */
    dueDayKey: project.status !== 'completed' && project.dueDate ? dueDayKey(project.dueDate) : undefined,
  };
}

/** The membersOfProject partition of a project's current memberships, each with its member's profile (docs/decisions/103). */
export const projectMembersKey = (orgId: string, projectId: string) => `${ORG}${orgId}#${PROJECT}${projectId}#MEMBERS`;

/** The partition of projectsDueOn holding the open projects due on `day` ('YYYY-MM-DD'). */
export const dueDayKey = (day: string) => `DUE#${day}`;

/** The open-due keys of projects due before `day` (exclusive) and up to `day` (inclusive), for key conditions. */
export const openDueBefore = (day: string) => day;
export const openDueThrough = (day: string) => `${day}${SEPARATOR}~`;

/** The start of the status keys of one status (statusKey, statusCreatedKey, statusDueKey). */
export const statusKeyPrefix = (status: string) => `${statusRank(status)}${SEPARATOR}`;

/**
 * The highest due key of a day (dueKey, and after a status prefix statusDueKey): past every name,
 * whatever its letters (a '~' would stop before 'é').
 */
export const dueKeyThrough = (day: string) => `${day}${SEPARATOR}\u{10FFFF}`;

/** Partitions and sort-key prefixes for Queries. */
export const projectCollections = {
  projectsOfOrganization: (orgId: string) => ({ PK: `${ORG}${orgId}`, prefix: PROJECT }),
  /** Every member set of the organization (the one-off move of docs/decisions/103 only). */
  memberSetsOfOrganization: (orgId: string) => ({ PK: `${ORG}${orgId}`, prefix: MEMBERS }),
  /** A user's memberships (and those ended lately, kept as tombstones), in the projects' creation order. */
  membershipsOfUser: (orgId: string, userId: string) => ({ PK: `${ORG}${orgId}${MEMBER}${userId}`, prefix: PROJECT }),
  /** Word items whose word begins with `prefix`, in word order, then the projects' creation order. */
  projectWordsBeginning: (orgId: string, prefix: string) => ({ PK: `${ORG}${orgId}${PROJECT_WORDS}`, prefix }),
  activityOfProject: (orgId: string, projectId: string) => ({ PK: `${ORG}${orgId}`, prefix: `${ACTIVITY}${projectId}#` }),
  /** Every activity entry of the organization (the one-off recount only; the feed is the organizationActivity index). */
  activityOfOrganization: (orgId: string) => ({ PK: `${ORG}${orgId}`, prefix: ACTIVITY }),
} as const;
