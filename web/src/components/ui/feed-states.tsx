import { Button } from './button';
import { Skeleton } from './skeleton';

/** A feed of people's entries (activity, comments) while it loads: avatars and lines, announced to screen readers. */
export function FeedSkeleton({
  label,
  rows = 3,
  lineClassName = 'h-4 w-64',
}: {
  label: string;
  rows?: number;
  lineClassName?: string;
}) {
  return (
    <div className="grid gap-3" aria-busy="true">
      <span className="sr-only" role="status">
        {label}
      </span>
      {Array.from({ length: rows }, (_, row) => (
        <div key={row} className="flex min-w-0 items-center gap-3">
          <Skeleton className="size-8 rounded-full" />
          <Skeleton className={`${lineClassName} max-w-full`} />
        </div>
      ))}
    </div>
  );
}

/** A feed that failed to load: what failed, and a way to try again. */
export function FeedError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm text-danger">
      {message}
      <Button variant="outline" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </div>
  );
}
