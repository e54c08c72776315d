import * as assistantEndpoints from '@shared/contract/assistant';
import type { BriefRequest } from '@shared/schemas/assistant';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** A summary of the project, written on request: nothing is stored, so nothing is invalidated. */
export const useSummarizeProject = (projectId: string) =>
  useMutation({ mutationFn: () => call(assistantEndpoints.summarize, { params: { id: projectId } }) });

/** A draft description for the Create New Project dialog; the person edits it before saving. */
export const useDraftBrief = () =>
  useMutation({ mutationFn: (body: BriefRequest) => call(assistantEndpoints.draftBrief, { body }) });
