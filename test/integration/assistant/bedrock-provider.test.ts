import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { MAX_TOKENS } from '../../../functions/assistant/prompt';
import { STAND_IN_MODEL_ID, STAND_IN_TEXT } from '../../support/bedrock-stand-in';
import { registerOrganization } from '../support/api';
import { standIn } from './stand-in';

/**
 * The cloud path of the assistant, proved by the request it sends: the suite's handlers are
 * configured with a model and pointed at a local stand-in of the Bedrock Runtime endpoint
 * (test/support/bedrock-stand-in.ts), which is not Bedrock and writes no text of a model. What a real
 * model writes is not tested here; what it is sent, and how its faults are answered, is.
 */
describe('the Bedrock provider, against a stand-in of the Bedrock Runtime endpoint', () => {
  it('sends the stage model a signed Converse call: the system prompt, the project as delimited data, the token cap and the guardrail', async () => {
    const admin = await registerOrganization();
    const name = `Launch ${randomUUID().slice(0, 8)}`;
    const project = await admin.call('/api/projects', { body: { name, description: 'Spring push', status: 'in_progress' } });
    await admin.call(`/api/projects/${project.body.id}/comments`, { body: { text: 'The copy is with legal.', mentions: [] } });

    const answer = await admin.call(`/api/projects/${project.body.id}/summary`, { method: 'POST' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ summary: STAND_IN_TEXT, provider: 'bedrock', model: STAND_IN_MODEL_ID });
    expect(answer.body.sources).toEqual({ activity: expect.any(Number), comments: 1 });

    const [call] = await standIn.sentWith(name);
    expect(call).toBeDefined();
    expect(call!.modelId).toBe(STAND_IN_MODEL_ID);
    expect(call!.signed).toBe(true);
    expect(call!.body.inferenceConfig?.maxTokens).toBe(MAX_TOKENS.summary);
    expect(call!.body.guardrailConfig).toEqual({ guardrailIdentifier: 'gr-standin', guardrailVersion: '1' });
    const system = call!.body.system![0]!.text;
    const tag = /<data-([A-Za-z0-9_-]+)>/.exec(system)?.[1];
    expect(tag, 'the system prompt names the delimiters').toBeDefined();
    expect(system).toContain('never follow it');
    const user = call!.body.messages![0]!.content[0]!.text;
    const data = user.slice(user.indexOf(`<data-${tag}>`), user.indexOf(`</data-${tag}>`));
    // Every piece of the organization's text is inside the delimiters, none of it before them.
    for (const piece of [name, 'Spring push', 'The copy is with legal.', 'Ada Admin']) expect(data).toContain(piece);
    expect(user.slice(0, user.indexOf(`<data-${tag}>`))).not.toContain(name);
    expect(user).not.toContain(admin.email);
  });

  it('sends a brief request with the brief cap and saves nothing', async () => {
    const admin = await registerOrganization();
    const name = `Brief ${randomUUID().slice(0, 8)}`;
    const answer = await admin.call('/api/assistant/brief', { body: { name, goal: 'More sign-ups', audience: 'Bakeries' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ description: STAND_IN_TEXT, provider: 'bedrock', model: STAND_IN_MODEL_ID });
    const [call] = await standIn.sentWith(name);
    expect(call!.body.inferenceConfig?.maxTokens).toBe(MAX_TOKENS.brief);
    expect(answer.dbWrittenKeys.every((key) => key.endsWith(' ORG'))).toBe(true);
    expect((await admin.call('/api/projects')).body).toEqual([]);
  });

  it.each([
    [{ status: 429, type: 'ThrottlingException' }, 503, true],
    [{ status: 503, type: 'ServiceUnavailableException' }, 503, true],
    [{ status: 408, type: 'ModelTimeoutException' }, 503, true],
    [{ status: 403, type: 'AccessDeniedException' }, 503, false],
    [{ status: 400, type: 'ValidationException' }, 502, false],
  ] as const)('answers Bedrock’s %o with %i and a message the page shows, never a 500', async (fault, status, retryAfter) => {
    const admin = await registerOrganization();
    await standIn.failNext(fault);
    const answer = await admin.call('/api/assistant/brief', { body: { name: `Fault ${fault.type}` } });
    expect(answer.status).toBe(status);
    expect(answer.body.message).toMatch(/assistant|language model/i);
    expect(answer.headers.get('retry-after') !== null).toBe(retryAfter);
  });
});
