import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { assistantGuardrail, awsRegion, bedrockRuntimeEndpoint } from '../config';
import { Refused, Unavailable } from '../domain/errors';
import { logger } from '../observability/logger';
import { GUARDRAIL_STOPPED, MODEL_BUSY, MODEL_REFUSED_REQUEST, MODEL_UNAVAILABLE } from './messages';
import { promptFor } from './prompt';
import type { AssistantProvider } from './provider';

/**
 * How long one model call may take: 3 s under the function's 10 s (HANDLER_TIMEOUT_SECONDS of
 * functions/routes.ts, which a handler must not import: it builds every route's schemas), leaving the
 * session load, the reads before it and the allowance's write after it their time. One attempt: a
 * retry would pass the function's end; a busy model is answered 503 with Retry-After instead.
 */
export const MODEL_TIMEOUT_MS = 7000;
const RETRY_AFTER_SECONDS = 5;

let client: BedrockRuntimeClient | undefined;

function bedrock(): BedrockRuntimeClient {
  const endpoint = bedrockRuntimeEndpoint();
  client ??= new BedrockRuntimeClient({
    region: awsRegion(),
    // Only the tests' stand-in of the Bedrock Runtime endpoint; unset in the cloud.
    ...(endpoint ? { endpoint } : {}),
    maxAttempts: 1,
    requestHandler: { connectionTimeout: 1000, requestTimeout: MODEL_TIMEOUT_MS, throwOnRequestTimeout: true },
  });
  return client;
}

/** Bedrock's faults that pass: the model is busy or slow, and the same request may succeed shortly. */
const PASSING = new Set([
  'ThrottlingException',
  'ServiceUnavailableException',
  'ServiceQuotaExceededException',
  'ModelNotReadyException',
  'ModelTimeoutException',
  'InternalServerException',
  'TimeoutError',
  'RequestTimeout',
]);
/** The stage cannot use its model (its role, the model's access, the model or guardrail id): no retry helps. */
const UNAVAILABLE = new Set(['AccessDeniedException', 'ResourceNotFoundException', 'UnrecognizedClientException']);

/** Every failure of the call as an answer the page can show: never a 500. */
function answerTo(error: unknown): Unavailable {
  const name = (error as { name?: string }).name ?? '';
  if (UNAVAILABLE.has(name)) return new Unavailable(MODEL_UNAVAILABLE);
  if (name === 'ValidationException' || name === 'ModelErrorException')
    return new Unavailable(MODEL_REFUSED_REQUEST, undefined, 'upstream');
  // Busy, slow, or a network fault reaching the endpoint (reset, refused): it may pass.
  if (!PASSING.has(name)) logger.warn('assistant model call failed', { name });
  return new Unavailable(MODEL_BUSY, RETRY_AFTER_SECONDS);
}

/** The stage's model through Bedrock's Converse API, with the stage's Guardrail on input and output. */
export function bedrockProvider(modelId: string): AssistantProvider {
  return {
    name: 'bedrock',
    model: modelId,
    async write(task) {
      const prompt = promptFor(task);
      const guardrail = assistantGuardrail();
      let output;
      try {
        output = await bedrock().send(
          new ConverseCommand({
            modelId,
            system: [{ text: prompt.system }],
            messages: [{ role: 'user', content: [{ text: prompt.user }] }],
            inferenceConfig: { maxTokens: prompt.maxTokens, temperature: 0.2 },
            ...(guardrail ? { guardrailConfig: { guardrailIdentifier: guardrail.id, guardrailVersion: guardrail.version } } : {}),
          }),
        );
      } catch (error) {
        throw answerTo(error);
      }
      if (output.stopReason === 'guardrail_intervened') throw new Refused('invalid', GUARDRAIL_STOPPED);
      const text = (output.output?.message?.content ?? [])
        .map((block) => block.text ?? '')
        .join('')
        .trim();
      if (!text) throw new Unavailable(MODEL_REFUSED_REQUEST, undefined, 'upstream');
      return { text, tokens: output.usage?.totalTokens ?? 0 };
    },
  };
}
