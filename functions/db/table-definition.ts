/** What a user list shows of a user (functions/user/item.ts, toManagedUserResponse). */
const USER_LIST_ATTRIBUTES = [
  'type',
  'id',
  'orgId',
  'username',
  'fullName',
  'avatarUrl',
  'role',
  'mfaEnabled',
  'createdAt',
] as const;

/**
 * The one DynamoDB table, as plain data: the CDK data construct and the local setup
 * (DynamoDB Local) both build the table from this, so the cloud and the laptop cannot drift.
 */
export const tableDefinition = {
  partitionKey: { name: 'PK', type: 'S' },
  sortKey: { name: 'SK', type: 'S' },
  /** Epoch seconds; DynamoDB deletes expired items, late, so code never trusts it for expiry. */
  timeToLiveAttribute: 'ttl',
  /**
   * Sparse and partitioned by organization (their partition key is the project's own PK): only
   * project items carry the sort-key attributes, written with every project write
   * (functions/projects/list-keys.ts). Each answers one order of GET /api/projects a page at a time
   * (docs/decisions/027). CloudFormation creates one index per stack update: add them one a deploy.
   */
  globalSecondaryIndexes: [
    { indexName: 'projectsByName', partitionKey: { name: 'PK', type: 'S' }, sortKey: { name: 'nameKey', type: 'S' } },
    { indexName: 'projectsByDueDate', partitionKey: { name: 'PK', type: 'S' }, sortKey: { name: 'dueKey', type: 'S' } },
    { indexName: 'projectsByStatus', partitionKey: { name: 'PK', type: 'S' }, sortKey: { name: 'statusKey', type: 'S' } },
    /**
     * A status filter in creation order and in due-date order, and open projects in due-date order:
     * every filtered view of GET /api/projects is a key range (docs/decisions/104). Memberships carry
     * the same keys, copied from their project, so each of these (and the three above) also holds a
     * person's projects in their own partition, `ORG#o#MEMBER#u`: 'My projects' in every order.
     */
    {
      indexName: 'projectsByStatusCreated',
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'statusCreatedKey', type: 'S' },
    },
    { indexName: 'projectsByStatusDue', partitionKey: { name: 'PK', type: 'S' }, sortKey: { name: 'statusDueKey', type: 'S' } },
    {
      indexName: 'openProjectsByListDue',
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'openListDueKey', type: 'S' },
    },
    /**
     * Open projects (not completed) with a due date, by due date: the dashboard's overdue and
     * due-soon lists are one bounded Query each, however many completed projects the organization
     * keeps (docs/decisions/032).
     */
    {
      indexName: 'openProjectsByDueDate',
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'openDueKey', type: 'S' },
      // What the lists show: a narrow copy makes a project's write to it and a read of many cheap.
      include: ['id', 'name', 'status', 'dueDate'],
    },
    /**
     * Open projects with a due date, by day across every organization (`dueDayKey` = `DUE#<day>`):
     * the daily due-date reminders read the projects due tomorrow and those overdue since today,
     * one Query each, never a Scan (docs/decisions/049).
     */
    {
      indexName: 'projectsDueOn',
      partitionKey: { name: 'dueDayKey', type: 'S' },
      sortKey: { name: 'SK', type: 'S' },
      include: ['id', 'orgId', 'name', 'status', 'dueDate'],
    },
    /**
     * The notifications a weekly digest tells of (status changes, comments, mentions), by week and
     * shard across organizations (`digestKey` = `DIGEST#<Monday>#<shard>`), sorted by organization
     * and person: Monday's run reads last week's, never a Scan (docs/decisions/061). Only what the
     * mail shows is projected, so marking a notification read writes nothing here. Its keys are
     * free-form time buckets, so pending outbox items carry their next due try in partitions of their
     * own (`OUTBOX_DUE#<hour>`, functions/mailer/later-tries.ts, docs/decisions/071): a second index
     * would have cost a deploy of its own.
     */
    {
      indexName: 'weeklyDigest',
      partitionKey: { name: 'digestKey', type: 'S' },
      sortKey: { name: 'digestSort', type: 'S' },
      include: ['content', 'linkUrl', 'createdAt', 'digestTopic'],
    },
    /** Activity entries (`feedKey` = the entry's ULID), newest first: the organization's recent activity feed. */
    { indexName: 'organizationActivity', partitionKey: { name: 'PK', type: 'S' }, sortKey: { name: 'feedKey', type: 'S' } },
    /**
     * The organization's users by name, email, and role then name (GET /api/organization/users and
     * /api/organization-users; the admins an acceptance notifies). Only the attributes the user
     * lists answer: a write of anything else (the unread counter every notification moves, a
     * password) changes no projected attribute and writes nothing to these indexes.
     */
    {
      indexName: 'usersByName',
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'userNameKey', type: 'S' },
      include: USER_LIST_ATTRIBUTES,
    },
    {
      indexName: 'usersByEmail',
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'userEmailKey', type: 'S' },
      include: USER_LIST_ATTRIBUTES,
    },
    {
      indexName: 'usersByRole',
      partitionKey: { name: 'PK', type: 'S' },
      sortKey: { name: 'userRoleKey', type: 'S' },
      include: USER_LIST_ATTRIBUTES,
    },
    /**
     * A project's current members with what its members list shows of each (`projectMembersKey` =
     * `ORG#<orgId>#PROJECT#<projectId>#MEMBERS`, on current membership items only): the detail reads them in
     * one Query, and a rename rewrites the person's own small items (docs/decisions/103).
     */
    {
      indexName: 'membersOfProject',
      partitionKey: { name: 'projectMembersKey', type: 'S' },
      sortKey: { name: 'userId', type: 'S' },
      include: ['profile'],
    },
    /**
     * One person's audit entries in time order (`auditActorKey` = `AUDIT#<orgId>#ACTOR#<actorId>`,
     * written with every entry): the audit log's person filter is a key read, not a filter over the
     * whole log (docs/decisions/062). ALL: the page answers whole entries.
     */
    { indexName: 'auditByActor', partitionKey: { name: 'auditActorKey', type: 'S' }, sortKey: { name: 'SK', type: 'S' } },
  ],
  /** The stream the mailer reads (new outbox items): the new image is all it needs. */
  stream: 'NEW_IMAGE',
} as const satisfies {
  partitionKey: { name: string; type: 'S' };
  sortKey: { name: string; type: 'S' };
  timeToLiveAttribute: string;
  globalSecondaryIndexes: readonly IndexDefinition[];
  stream: 'NEW_IMAGE';
};

export interface IndexDefinition {
  indexName: string;
  partitionKey: { name: string; type: 'S' };
  sortKey: { name: string; type: 'S' };
  /** Projection INCLUDE of these attributes besides the keys; absent: ALL. */
  include?: readonly string[];
}

export type IndexName = (typeof tableDefinition.globalSecondaryIndexes)[number]['indexName'];

export const DEFAULT_LOCAL_TABLE_NAME = 'growthwise-local';
