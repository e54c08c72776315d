import type { ReactNode } from 'react';
import { cn } from '../lib/class-names';
import { Button } from './ui/button';
import { Spinner } from './ui/spinner';

/** What QueryState reads of a react-query result (useQuery and useInfiniteQuery both fit). */
interface QueryLike<T> {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
}

interface QueryStateProps<T> {
  query: QueryLike<T>;
  /** The spinner's label, announced while the first answer is awaited. */
  loading?: string;
  /** Centres the spinner in a box of these classes (its padding) rather than drawing it in line. */
  loadingBox?: string;
  /** Drawn instead of the spinner while the first answer is awaited (a skeleton that holds the layout). */
  placeholder?: ReactNode;
  /** The words of the error block (an alert). */
  error: ReactNode;
  /** A button in the error block that asks again, with this label. */
  retry?: string;
  /** Shown instead of the children when `isEmpty(data)`. */
  empty?: ReactNode;
  isEmpty?: (data: T) => boolean;
  className?: string;
  children: (data: T) => ReactNode;
}

/** A query's loading, error and empty states, the same on every screen; the children draw its data. */
export function QueryState<T>({
  query,
  loading,
  loadingBox,
  placeholder,
  error,
  retry,
  empty,
  isEmpty,
  className,
  children,
}: QueryStateProps<T>) {
  if (query.isPending) {
    if (placeholder) return placeholder;
    const spinner = <Spinner label={loading} />;
    return loadingBox === undefined ? spinner : <div className={cn('flex justify-center', loadingBox)}>{spinner}</div>;
  }
  if (query.isError || query.data === undefined) {
    return (
      <div
        role="alert"
        className={cn(
          'flex flex-wrap items-center gap-3 rounded-md border border-danger-20 bg-danger-10 p-4 text-danger',
          className,
        )}
      >
        <p>{error}</p>
        {retry ? (
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {retry}
          </Button>
        ) : null}
      </div>
    );
  }
  if (empty !== undefined && isEmpty?.(query.data)) return empty;
  return children(query.data);
}
