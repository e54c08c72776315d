import { AUDIT_ACTIONS, AUDIT_FILTER_MESSAGES, type AuditEntryResponse, type AuditLogFilters } from '@shared/schemas/audit-log';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { toast } from '../../../components/ui/toast-store';
import { organizationUserQueries } from '../../../lib/api/organization-users';
import { dateTime } from '../../../lib/date-format';
import { auditLogQueries, downloadAuditLogCsv } from '../api/audit-log';
import { AUDIT_ACTION_LABELS, auditDetailsText } from '../lib/audit-action-labels';

const ALL = 'all';

interface FilterInputs {
  action: string;
  actorId: string;
  /** 'YYYY-MM-DD' from the date inputs, '' when unset. */
  from: string;
  to: string;
}

const NO_FILTERS: FilterInputs = { action: ALL, actorId: ALL, from: '', to: '' };

/**
 * The chosen filters as the API takes them. The dates are the user's own days: from the first
 * millisecond of `from` to the last of `to` in the browser's time zone, sent as instants.
 */
function filtersOf(inputs: FilterInputs): AuditLogFilters {
  return {
    ...(inputs.action !== ALL ? { action: inputs.action as AuditLogFilters['action'] } : {}),
    ...(inputs.actorId !== ALL ? { actorId: inputs.actorId } : {}),
    ...(inputs.from ? { from: new Date(`${inputs.from}T00:00:00`).toISOString() } : {}),
    ...(inputs.to ? { to: new Date(`${inputs.to}T23:59:59.999`).toISOString() } : {}),
  };
}

const actionOptions = [
  { value: ALL, label: 'All actions' },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] })),
];

/** Admins: the organization's security and administrative events, filtered, 50 at a time, exported as CSV. */
export function AuditLogCard() {
  const [inputs, setInputs] = useState<FilterInputs>(NO_FILTERS);
  const rangeError = inputs.from && inputs.to && inputs.from > inputs.to ? AUDIT_FILTER_MESSAGES.range : undefined;
  const filters = filtersOf(inputs);
  const log = useInfiniteQuery({ ...auditLogQueries.list(filters), enabled: !rangeError });
  const users = useQuery(organizationUserQueries.list());
  const [exporting, setExporting] = useState(false);
  const change = (field: keyof FilterInputs) => (value: string) => setInputs((current) => ({ ...current, [field]: value }));
  const personOptions = [
    { value: ALL, label: 'Everyone' },
    ...(users.data ?? []).map((user) => ({ value: user.id, label: `${user.fullName} (${user.username})` })),
  ];
  const entries = log.data?.pages.flatMap((page) => page.entries) ?? [];

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadAuditLogCsv(filters);
    } catch (error) {
      toast({ title: 'Export failed', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1.5">
          <CardTitle>Audit Log</CardTitle>
          <CardDescription>Security and administrative events in your organization, newest first.</CardDescription>
        </div>
        <Button size="sm" variant="outline" onClick={exportCsv} disabled={exporting || Boolean(rangeError)}>
          <Download aria-hidden />
          {exporting ? 'Exporting...' : 'Export CSV'}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-5">
        <div role="group" aria-label="Filters" className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <FormField label="Action" htmlFor="audit-action">
            <Select id="audit-action" value={inputs.action} onValueChange={change('action')} options={actionOptions} />
          </FormField>
          <FormField label="Person" htmlFor="audit-person">
            <Select id="audit-person" value={inputs.actorId} onValueChange={change('actorId')} options={personOptions} />
          </FormField>
          <FormField label="From" htmlFor="audit-from">
            <Input
              id="audit-from"
              type="date"
              value={inputs.from}
              max={inputs.to || undefined}
              onChange={(event) => change('from')(event.target.value)}
            />
          </FormField>
          <FormField label="To" htmlFor="audit-to" error={rangeError}>
            <Input
              id="audit-to"
              type="date"
              value={inputs.to}
              min={inputs.from || undefined}
              onChange={(event) => change('to')(event.target.value)}
            />
          </FormField>
        </div>
        {rangeError ? null : (
          <QueryState
            query={log}
            loading="Loading the audit log"
            error="There was an error loading the audit log. Please try again."
            isEmpty={() => entries.length === 0 && !log.hasNextPage}
            empty={<p className="py-6 text-center text-muted">No events match these filters.</p>}
          >
            {() => (
              <>
                {entries.length === 0 ? (
                  <p className="py-2 text-muted">
                    No matching events among the most recent ones. Load more to search further back.
                  </p>
                ) : (
                  <>
                    <AuditEntryCards entries={entries} />
                    <AuditEntryTable entries={entries} />
                  </>
                )}
                {log.hasNextPage ? (
                  <div className="flex justify-center">
                    <Button variant="outline" onClick={() => log.fetchNextPage()} disabled={log.isFetchingNextPage}>
                      {log.isFetchingNextPage ? 'Loading...' : 'Load more'}
                    </Button>
                  </div>
                ) : null}
              </>
            )}
          </QueryState>
        )}
        {log.isFetchNextPageError ? (
          <p role="alert" className="text-sm text-danger">
            There was an error loading more events. Please try again.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function Actor({ entry }: { entry: AuditEntryResponse }) {
  return (
    <span className="grid min-w-0">
      <span className="font-medium wrap-anywhere">{entry.actor.fullName}</span>
      {entry.actor.username ? <span className="text-xs text-muted wrap-anywhere">{entry.actor.username}</span> : null}
    </span>
  );
}

/** Wide screens: one table row per entry. */
function AuditEntryTable({ entries }: { entries: AuditEntryResponse[] }) {
  return (
    <div className="hidden lg:block">
      <table className="w-full table-fixed text-left text-sm">
        <caption className="sr-only">Audit log</caption>
        <thead className="border-b border-line text-muted">
          <tr>
            <th scope="col" className="w-[17%] py-2 pr-3 font-medium">
              Time
            </th>
            <th scope="col" className="w-[18%] py-2 pr-3 font-medium">
              Actor
            </th>
            <th scope="col" className="w-[16%] py-2 pr-3 font-medium">
              Action
            </th>
            <th scope="col" className="w-[17%] py-2 pr-3 font-medium">
              Target
            </th>
            <th scope="col" className="w-[12%] py-2 pr-3 font-medium">
              Client address
            </th>
            <th scope="col" className="py-2 font-medium">
              Details
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-b border-line align-top last:border-0">
              <td className="py-3 pr-3">
                <time dateTime={entry.at}>{dateTime(entry.at)}</time>
              </td>
              <td className="py-3 pr-3">
                <Actor entry={entry} />
              </td>
              <td className="py-3 pr-3">{AUDIT_ACTION_LABELS[entry.action]}</td>
              <td className="py-3 pr-3 wrap-anywhere">{entry.target.label}</td>
              <td className="py-3 pr-3 wrap-anywhere">{entry.clientAddress}</td>
              <td className="py-3 text-ink-2 wrap-anywhere">{auditDetailsText(entry.details)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Narrow screens: the same entries as cards, every field on screen without sideways scrolling. */
function AuditEntryCards({ entries }: { entries: AuditEntryResponse[] }) {
  return (
    <ul className="grid gap-3 lg:hidden" aria-label="Audit log">
      {entries.map((entry) => (
        <li key={entry.id} className="grid min-w-0 gap-2 rounded-lg border border-line p-3 text-sm">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <span className="font-medium">{AUDIT_ACTION_LABELS[entry.action]}</span>
            <time dateTime={entry.at} className="text-muted">
              {dateTime(entry.at)}
            </time>
          </div>
          <Actor entry={entry} />
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
            <dt className="text-muted">Target</dt>
            <dd className="wrap-anywhere">{entry.target.label}</dd>
            <dt className="text-muted">Client address</dt>
            <dd className="wrap-anywhere">{entry.clientAddress}</dd>
            {Object.keys(entry.details).length ? (
              <>
                <dt className="text-muted">Details</dt>
                <dd className="wrap-anywhere">{auditDetailsText(entry.details)}</dd>
              </>
            ) : null}
          </dl>
        </li>
      ))}
    </ul>
  );
}
