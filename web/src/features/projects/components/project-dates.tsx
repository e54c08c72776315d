import { Badge } from '../../../components/ui/badge';
import { cn } from '../../../lib/class-names';
import { shortDate } from '../../../lib/date-format';

/** A due date; an overdue one in the danger colour with an 'Overdue' badge. */
export function ProjectDueDate({ dueDate, overdue }: { dueDate: string | null; overdue: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex flex-wrap items-center gap-x-2 gap-y-1 whitespace-nowrap',
        overdue ? 'font-medium text-danger' : 'text-ink-2',
      )}
    >
      {shortDate(dueDate)}
      {overdue ? <Badge tone="danger">Overdue</Badge> : null}
    </span>
  );
}
