import { queryOptions, useQuery } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { requestJson } from './api-client';
import { queryKeys } from './query-keys';

/** A setting left empty (null, absent or blank) is "not configured" for this environment. */
const optionalSetting = z.pipe(
  z.optional(z.nullable(z.string())),
  z.transform((value) => (value && value.trim() ? value.trim() : null)),
);

/**
 * Per-environment settings of the web app, read at run time from /config.json so that one build
 * serves every stage: the deployment writes its own file, web/public/config.json (all null) is
 * the local default.
 */
const runtimeConfig = z.object({
  // Only an https link may become the portal link: the file is data, not trusted markup.
  stripePortalUrl: z.pipe(
    optionalSetting,
    z.transform((value) => (value && /^https:\/\//i.test(value) ? value : null)),
  ),
  stripePublishableKey: optionalSetting,
  stripePricingTableId: optionalSetting,
});

const runtimeConfigQueries = {
  all: queryKeys.runtimeConfig,
  current: () =>
    queryOptions({
      queryKey: runtimeConfigQueries.all,
      queryFn: async () => runtimeConfig.parse(await requestJson<unknown>('GET', '/config.json')),
    }),
};

export const useRuntimeConfig = () => useQuery(runtimeConfigQueries.current());
