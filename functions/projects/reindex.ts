import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { TABLE_NAME, db } from '../db/client';
import { queryCollection } from '../db/query-collection';
import { conditionHeld } from '../db/transactions';
import { updateExpression } from '../db/update-expression';
import { type ProjectRecord, derivedAttributes, derivedChanges } from './item';
import { projectCollections } from './keys';
import { renewListCopiesOfProject } from './list-copies';
import { wordItems } from './words';

/**
 * Gives an organization's projects written before docs/decisions/027 what every project write now
 * writes: the index sort keys and search name on the item, the word items (with the name they
 * are searched by) and the members' copies of it (docs/decisions/104). Idempotent: a
 * project already current is left alone, word items are Puts of the same keys. A project changed
 * meanwhile (its version moved) was written with them by that change and is skipped.
 */
export async function reindexOrganization(
  orgId: string,
  putItems: (items: Record<string, unknown>[]) => Promise<void>,
): Promise<{ projects: number; updated: number; copied: number }> {
  const projects = await queryCollection<ProjectRecord>(projectCollections.projectsOfOrganization(orgId), {
    consistentRead: true,
  });
  let updated = 0;
  for (const project of projects) {
    const derived = derivedAttributes(project);
    if (Object.entries(derived).every(([name, value]) => project[name as keyof typeof derived] === value)) continue;
    const changes = derivedChanges(project);
    const written = await conditionHeld(
      db.send(
        new UpdateCommand({
          TableName: TABLE_NAME,
          Key: { PK: project.PK, SK: project.SK },
          ...updateExpression(changes, { expression: 'version = :version', values: { ':version': project.version } }),
        }),
      ),
    );
    if (written) updated += 1;
  }
  await putItems(projects.flatMap(wordItems));
  // What 'My projects' reads (docs/decisions/104): each member's copy of the project, where missing or older.
  let copied = 0;
  for (const project of projects) copied += await renewListCopiesOfProject(project);
  return { projects: projects.length, updated, copied };
}
