import * as z from 'zod/mini';
import { ULID } from '../ids';
import { DEFAULT_PROJECT_STATUS, PROJECT_STATUSES, type ProjectStatus } from '../project-statuses';
import { ROLES } from '../roles';
import { allowedCharacters, pageCursor, pageLimit, searchText, sortOrder, visibleLength } from './fields';

const PROJECT_NAME_MAX = 200;
const PROJECT_DESCRIPTION_MAX = 5000;
/**
 * A project's members are an item of their own (about 29 bytes an id: 15 KB at 500, well inside
 * DynamoDB's 400 KB), written in one transaction with the project's version; their notifications and
 * their own items are written after the fact by the stream consumer (docs/decisions/037). What
 * bounds the number is the detail's read: the members' user items in BatchGetItems of 100, five
 * side by side at 500.
 */
export const PROJECT_MEMBERS_MAX = 500;
// In a function so that esbuild sees no work at import: a module that takes nothing from here builds nothing.
export const PROJECT_MEMBERS_MAX_MESSAGE = /* @__PURE__ */ (() => `A project can have at most ${PROJECT_MEMBERS_MAX} members`)();

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** True for 'YYYY-MM-DD' naming a day that exists (no 2025-02-30). */
function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const DUE_DATE_MESSAGE = 'Due date must be a valid date (YYYY-MM-DD)';

const NAME_REQUIRED = 'Project name is required';
const name = /* @__PURE__ */ (() =>
  z.string({ error: NAME_REQUIRED }).check(
    z.trim(),
    z.normalize('NFC'),
    z.refine((value) => visibleLength(value) > 0, { message: NAME_REQUIRED }),
    z.maxLength(PROJECT_NAME_MAX, `Project name must be at most ${PROJECT_NAME_MAX} characters`),
    allowedCharacters('Project name'),
  ))();
const description = /* @__PURE__ */ (() =>
  z.nullable(
    z
      .string({ error: 'Description must be text' })
      .check(z.maxLength(PROJECT_DESCRIPTION_MAX, `Description must be at most ${PROJECT_DESCRIPTION_MAX} characters`)),
  ))();
const status = /* @__PURE__ */ (() =>
  z.enum(PROJECT_STATUSES, {
    error: () => 'Status must be one of planning, in_progress, completed, on_hold',
  }))();
const dueDate = /* @__PURE__ */ (() =>
  z.nullable(z.string({ error: DUE_DATE_MESSAGE }).check(z.refine(isCalendarDate, { message: DUE_DATE_MESSAGE }))))();

/** POST /api/projects. An omitted description or due date is stored as null. */
export const createProjectRequest = /* @__PURE__ */ (() =>
  z.object({
    name,
    description: z.optional(description),
    status: z._default(status, DEFAULT_PROJECT_STATUS),
    dueDate: z.optional(dueDate),
  }))();
export type CreateProjectRequest = z.input<typeof createProjectRequest>;

/** PATCH /api/projects/{id}: only the fields sent change (the inline dropdown sends status alone). */
export const updateProjectRequest = /* @__PURE__ */ (() =>
  z.object({
    name: z.optional(name),
    description: z.optional(description),
    status: z.optional(status),
    dueDate: z.optional(dueDate),
  }))();
export type UpdateProjectRequest = z.infer<typeof updateProjectRequest>;

/** PUT /api/projects/{id}/members: the whole new member set. */
export const setProjectMembersRequest = /* @__PURE__ */ (() =>
  z.object({
    memberIds: z
      .array(z.string({ error: 'Member ids must be strings' }).check(z.regex(ULID, 'Member ids must be user ids')), {
        error: 'memberIds must be a list of user ids',
      })
      .check(z.maxLength(PROJECT_MEMBERS_MAX, PROJECT_MEMBERS_MAX_MESSAGE)),
  }))();

/**
 * The create and edit dialogs: the request fields as a form holds them (an empty due date is
 * sent as null, spec section 5) plus the member checklist, which is sent by PUT members.
 */
export const projectForm = /* @__PURE__ */ (() =>
  z.object({
    name,
    description: z
      .string()
      .check(z.maxLength(PROJECT_DESCRIPTION_MAX, `Description must be at most ${PROJECT_DESCRIPTION_MAX} characters`)),
    status,
    dueDate: z.string().check(z.refine((value) => value === '' || isCalendarDate(value), { message: DUE_DATE_MESSAGE })),
    memberIds: z.array(z.string()).check(z.maxLength(PROJECT_MEMBERS_MAX, PROJECT_MEMBERS_MAX_MESSAGE)),
  }))();
export type ProjectForm = z.infer<typeof projectForm>;

const role = /* @__PURE__ */ (() => z.enum(ROLES))();

/** A project as the API answers it (api-contract.md, Shapes). */
export const projectResponse = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.nullable(z.string()),
    // Any text is accepted: the screens write only the four statuses, but one they never write (older
    // data, another client) is still shown, grey (spec section 4), never an error page.
    status: z.custom<ProjectStatus>((value) => typeof value === 'string'),
    dueDate: z.nullable(z.string()),
    createdAt: z.string(),
  }))();
export type ProjectResponse = z.infer<typeof projectResponse>;

/** One member on GET /api/projects/{id}, GET and PUT /api/projects/{id}/members. */
const projectMemberResponse = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    fullName: z.string(),
    username: z.string(),
    avatarUrl: z.nullable(z.string()),
    role,
  }))();
export type ProjectMemberResponse = z.infer<typeof projectMemberResponse>;

export const projectDetailResponse = /* @__PURE__ */ (() =>
  z.extend(projectResponse, { members: z.array(projectMemberResponse) }))();
export type ProjectDetailResponse = z.infer<typeof projectDetailResponse>;

export const PROJECT_PAGE_DEFAULT = 100;
export const PROJECT_PAGE_MAX = 200;
export const PROJECT_SORTS = ['createdAt', 'name', 'dueDate', 'status'] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];
export const PROJECT_SEARCH_MAX = 100;

/**
 * GET /api/projects?limit=&cursor=&sort=&order=&status=&overdue=&due=&member=&q= (docs/decisions/027).
 * The values stay text (a query string's); a status given twice arrives comma-joined, as API
 * Gateway joins repeated parameters.
 */
export const projectListQuery = /* @__PURE__ */ (() =>
  z.object({
    limit: pageLimit(PROJECT_PAGE_MAX),
    cursor: pageCursor(),
    sort: z.optional(z.enum(PROJECT_SORTS, { error: () => `sort must be one of ${PROJECT_SORTS.join(', ')}` })),
    order: sortOrder(),
    status: z.optional(
      z.string().check(
        z.refine((value) => value.split(',').every((part) => (PROJECT_STATUSES as readonly string[]).includes(part)), {
          message: 'status must be one or more of planning, in_progress, completed, on_hold',
        }),
      ),
    ),
    overdue: z.optional(z.enum(['true', 'false'], { error: () => 'overdue must be true or false' })),
    /** due=soon: open projects due from today through the next DUE_SOON_DAYS (the dashboard's 'Due in the next 7 days'). */
    due: z.optional(z.enum(['soon'], { error: () => 'due must be soon' })),
    member: z.optional(z.enum(['me'], { error: () => 'member must be me' })),
    q: searchText(PROJECT_SEARCH_MAX),
  }))();
export type ProjectListQuery = z.infer<typeof projectListQuery>;

/** GET /api/projects: one page; a `Link: <…>; rel="next"` header names the next one. */
export const projectListResponse = /* @__PURE__ */ (() => z.array(projectResponse))();
/** GET and PUT /api/projects/{id}/members. */
export const projectMembersResponse = /* @__PURE__ */ (() => z.array(projectMemberResponse))();
/** DELETE /api/projects/{id}: the id of the project deleted. */
export const deletedProjectResponse = /* @__PURE__ */ (() => z.object({ id: z.string() }))();
