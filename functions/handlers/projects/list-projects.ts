import * as projectEndpoints from '../../../shared/contract/projects';
import { preloadFigures } from '../../projects/projects';
import { knownTotal, listingOf, readProjectPage } from '../../projects/list-page';
import { openCursor, sealCursor } from '../../projects/list-cursor';
import { defineRoute } from '../../http/define-route';
import { nextPageLink } from '../../http/next-link';
import { ok } from '../../http/response';
import { toProjectResponse } from '../../projects/item';

/**
 * GET /api/projects: a page of the organization's projects. The figures item read with the session
 * gives the total (X-Total-Count) and the organization's size, which decides how `q` searches.
 */
export const handler = defineRoute(projectEndpoints.list, { preload: preloadFigures }, async ({ session, query, preloaded }) => {
  const orgId = session.org.id;
  const listing = listingOf(query, session.user.id);
  const start = query.cursor === undefined ? undefined : await openCursor(query.cursor, orgId, listing);
  const page = await readProjectPage(orgId, listing, start, preloaded);
  const total = knownTotal(listing, preloaded);
  const headers: Record<string, string> = {};
  if (total !== undefined) headers['x-total-count'] = String(total);
  if (page.next) headers.link = nextPageLink(projectEndpoints.list.path, query, await sealCursor(orgId, listing, page.next));
  return ok(page.items.map(toProjectResponse), { headers });
});
