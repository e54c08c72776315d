/**
 * Apart from the project schemas, as the roles are: the functions that count projects by status
 * import these without building every project schema at their cold start (docs/decisions/021i).
 */
/** The statuses the project screens write (spec section 4); new projects start as planning. */
export const PROJECT_STATUSES = ['planning', 'in_progress', 'completed', 'on_hold'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];
export const DEFAULT_PROJECT_STATUS: ProjectStatus = 'planning';

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  planning: 'Planning',
  in_progress: 'In Progress',
  completed: 'Completed',
  on_hold: 'On Hold',
};
