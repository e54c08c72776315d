import { assistantModelId } from '../config';
import { bedrockProvider } from './bedrock-provider';
import { localProvider } from './local-provider';
import type { AssistantProvider } from './provider';

/**
 * The stage's provider, from its configuration alone (ASSISTANT_MODEL_ID, set by the stack from
 * infra/stages.ts): never from the request, so no caller can pick the model or skip it.
 */
export function chooseProvider(): AssistantProvider {
  const modelId = assistantModelId();
  return modelId ? bedrockProvider(modelId) : localProvider;
}
