import * as developerEndpoints from '@shared/contract/developers';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The OpenAPI document the reference draws: public, and the same until the next deployment. */
export const developerQueries = {
  all: queryKeys.developers,
  openApiDocument: () =>
    queryOptions({
      queryKey: [...developerQueries.all, 'openapi-document'] as const,
      queryFn: () => call(developerEndpoints.openApiDocument),
      staleTime: Infinity,
    }),
};
