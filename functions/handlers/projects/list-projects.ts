import * as projectEndpoints from '../../../shared/contract/projects';
import { openCursor, sealCursor } from '../../db/list-cursor';
import { wholeListCount } from '../../db/query-page';
import { defineRoute } from '../../http/define-route';
import { pageHeaders } from '../../http/next-link';
import { ok } from '../../http/response';
import { listingOf, projectListOf, readProjectPage } from '../../projects/list-page';
import { preloadFigures } from '../../projects/reads';

/**
 * GET /api/projects: a page of the organization's projects. The figures item read with the session
 * gives the organization's size, which decides how `q` searches; X-Total-Count is sent only when exact.
 */
export const handler = defineRoute(projectEndpoints.list, { preload: preloadFigures }, async ({ session, query, preloaded }) => {
  const orgId = session.org.id;
  const listing = listingOf(query, session.user.id);
  const start = query.cursor === undefined ? undefined : await openCursor(query.cursor, orgId, projectListOf(listing));
  const page = await readProjectPage(orgId, listing, start, preloaded);
  const cursor = page.next ? await sealCursor(orgId, projectListOf(listing), page.next) : undefined;
  return ok(page.items, {
    headers: pageHeaders(projectEndpoints.list.path, query, { total: wholeListCount(start, page), cursor }),
  });
});
