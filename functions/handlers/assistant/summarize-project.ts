import * as assistantEndpoints from '../../../shared/contract/assistant';
import { generate } from '../../assistant/generate';
import { summarySources } from '../../assistant/summary-sources';
import { now } from '../../clock';
import { NotFound } from '../../domain/errors';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';
import { preloadProjectWithMembers } from '../../projects/member-set';
import { PROJECT_NOT_FOUND } from '../../projects/messages';

/**
 * The project and its member set come with the session (another organization's is 404); then its
 * members, newest activity and comments side by side with the allowance's reservation; then the
 * stage's provider writes. Nothing of the project is changed.
 */
export const handler = defineRoute(
  assistantEndpoints.summarize,
  { preload: preloadProjectWithMembers },
  async ({ session, preloadedAll: [project, members] }) => {
    if (!project) throw new NotFound(PROJECT_NOT_FOUND);
    const orgId = session.org.id;
    const written = await generate(session.org, async () => ({
      kind: 'summary' as const,
      data: await summarySources(orgId, project, members),
    }));
    const { data } = written.input;
    return ok({
      summary: written.text,
      provider: written.provider,
      model: written.model,
      generatedAt: now().toISOString(),
      sources: { activity: data.activity.length, comments: data.comments.length },
    });
  },
);
