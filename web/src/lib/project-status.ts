import { PROJECT_STATUSES, PROJECT_STATUS_LABELS, type ProjectStatus } from '@shared/project-statuses';
import type { BadgeTone } from '../components/ui/badge';

export const statusOptions = PROJECT_STATUSES.map((value) => ({ value, label: PROJECT_STATUS_LABELS[value] }));

export const isProjectStatus = (value: string): value is ProjectStatus => (PROJECT_STATUSES as readonly string[]).includes(value);

/** The label of a written status; an unknown value is shown as it is stored. */
export const statusLabel = (status: string) => (isProjectStatus(status) ? PROJECT_STATUS_LABELS[status] : status);

/**
 * The detail page's badge colours. Spec section 4 colours an upper-case set the screens never write
 * (PLANNING, IN_PROGRESS, COMPLETED, PAUSED, CANCELED); comparing upper-case gives the four written
 * values their colours, on hold shares paused's, and anything else is grey.
 */
const tones: Record<string, BadgeTone> = {
  PLANNING: 'info',
  IN_PROGRESS: 'warning',
  COMPLETED: 'success',
  ON_HOLD: 'brand',
  PAUSED: 'brand',
  CANCELED: 'danger',
};

export const statusTone = (status: string): BadgeTone => tones[status.toUpperCase()] ?? 'neutral';

/** The fill of each status in charts: the text colour of its badge tone. */
export const statusChartColour: Record<BadgeTone, string> = {
  neutral: 'var(--color-muted)',
  brand: 'var(--color-brand-80)',
  info: 'var(--color-info)',
  success: 'var(--color-success)',
  warning: 'var(--color-warning)',
  danger: 'var(--color-danger)',
};
