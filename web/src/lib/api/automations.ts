import * as automationEndpoints from '@shared/contract/automations';
import type { CreateAutomationRequest, UpdateAutomationRequest } from '@shared/schemas/automations';
import { infiniteQueryOptions, queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '../api-client';
import { queryKeys } from '../query-keys';
import { useInvalidate } from '../use-invalidate';

/**
 * Automations (issue 64): a project's rules on its page, the organization's in its settings. Here,
 * not in a feature, as both features show them. An action's effects (a status, a comment) show on
 * the project's screens once its run is done, after the fact: the runs panel polls while it is open.
 */
export const automationQueries = {
  all: queryKeys.automations,
  /** The rules that apply to a project (its own, then the organization's); without one, the organization's. */
  list: (projectId: string | null) =>
    queryOptions({
      queryKey: [...queryKeys.automations, 'list', projectId ?? 'organization'] as const,
      queryFn: () => call(automationEndpoints.list, { query: projectId ? { projectId } : {} }),
      select: (answer) => answer.automations,
    }),
  runs: (ruleId: string) =>
    infiniteQueryOptions({
      queryKey: [...queryKeys.automations, 'runs', ruleId] as const,
      queryFn: ({ pageParam }) => call(automationEndpoints.runs, { params: { id: ruleId }, query: { cursor: pageParam } }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
    }),
};

export function useCreateAutomation() {
  const invalidate = useInvalidate(queryKeys.automations);
  return useMutation({
    mutationFn: (body: CreateAutomationRequest) => call(automationEndpoints.create, { body }),
    onSuccess: invalidate,
  });
}

export function useUpdateAutomation() {
  const invalidate = useInvalidate(queryKeys.automations);
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAutomationRequest }) =>
      call(automationEndpoints.update, { params: { id }, body }),
    onSettled: invalidate,
  });
}

export function useDeleteAutomation() {
  const invalidate = useInvalidate(queryKeys.automations);
  return useMutation({
    mutationFn: (id: string) => call(automationEndpoints.remove, { params: { id } }),
    onSettled: invalidate,
  });
}
