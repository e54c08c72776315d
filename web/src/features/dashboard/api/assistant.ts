import * as assistantEndpoints from '@shared/contract/assistant';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** 'Needs attention': under ['projects'], so every project mutation reads it again. */
export const recommendationQueries = {
  all: queryKeys.recommendations,
  list: () =>
    queryOptions({
      queryKey: [...recommendationQueries.all, 'list'] as const,
      queryFn: () => call(assistantEndpoints.recommendations),
    }),
};
