import { describe, expect, it } from 'vitest';
import { apiKeyCollections, apiKeyKeys } from './keys';

describe('API key keys', () => {
  it("live in the organization's partition, so the tenant guard and the tenant role cover them", () => {
    expect(apiKeyKeys.apiKey('O1', 'K1')).toEqual({ PK: 'ORG#O1', SK: 'API_KEY#K1' });
    expect(apiKeyCollections.apiKeysOfOrganization('O1')).toEqual({ PK: 'ORG#O1', prefix: 'API_KEY#' });
  });
});
