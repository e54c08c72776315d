import * as assistantEndpoints from '../../../shared/contract/assistant';
import { BRIEF_MAX_LENGTH } from '../../../shared/limits';
import { generate } from '../../assistant/generate';
import { defineRoute } from '../../http/define-route';
import { ok } from '../../http/response';

/** The session, the allowance's reservation, then the stage's provider: a draft for the dialog's description field, saved nowhere. */
export const handler = defineRoute(assistantEndpoints.draftBrief, async ({ session, body }) => {
  const written = await generate(session.org, async () => ({
    kind: 'brief' as const,
    data: { name: body.name, ...(body.goal ? { goal: body.goal } : {}), ...(body.audience ? { audience: body.audience } : {}) },
  }));
  return ok({ description: written.text.slice(0, BRIEF_MAX_LENGTH - 1), provider: written.provider, model: written.model });
});
