import * as auditLogEndpoints from '@shared/contract/audit-log';
import { pathOf } from '@shared/contract/endpoint';
import type { AuditLogFilters } from '@shared/schemas/audit-log';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiErrorOf, call } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { sessionEnded } from '../../../lib/session-ended';

/** The organization's audit log, newest first, a page of 50 at a time ('Load more'). */
export const auditLogQueries = {
  all: queryKeys.auditLog,
  list: (filters: AuditLogFilters) =>
    infiniteQueryOptions({
      queryKey: [...auditLogQueries.all, 'list', filters] as const,
      queryFn: ({ pageParam }) => call(auditLogEndpoints.list, { query: { ...filters, cursor: pageParam } }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextCursor ?? undefined,
      // Read afresh each time the tab opens: entries keep arriving with every action in the organization.
      gcTime: 0,
    }),
};

const FILENAME = /filename="([^"]+)"/;

/**
 * Downloads the CSV of the filtered range. `call` reads JSON only, so the file is fetched here and
 * handed to the browser through an anchor on an object URL: a refusal (a range too long) then
 * rejects with the server's message for a toast instead of a broken download.
 */
export async function downloadAuditLogCsv(filters: AuditLogFilters): Promise<void> {
  const search = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  ).toString();
  const response = await fetch(`${pathOf(auditLogEndpoints.exportCsv, {})}${search ? `?${search}` : ''}`, {
    credentials: 'include',
  });
  if (response.status === 401) return sessionEnded();
  if (!response.ok) throw apiErrorOf(response, await response.text());
  const url = URL.createObjectURL(await response.blob());
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = FILENAME.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'audit-log.csv';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // After the click the browser holds the file; revoking later lets it finish reading the blob.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
