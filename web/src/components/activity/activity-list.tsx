import type { ActivityEntryResponse } from '@shared/schemas/activity';
import { dateTime, relativeTime } from '../../lib/date-format';
import { UserAvatar } from '../ui/avatar';
import { activitySentence } from './activity-sentence';

interface ActivityListProps {
  entries: ActivityEntryResponse[];
  /** The organization's feed names each entry's project. */
  withProject?: boolean;
  label: string;
}

/** 'Ada Lovelace changed the status from Planning to In Progress · 5 minutes ago', with the actor's avatar. */
export function ActivityList({ entries, withProject = false, label }: ActivityListProps) {
  return (
    <ol className="grid grid-cols-1 gap-4" aria-label={label}>
      {entries.map((entry) => (
        <li key={entry.id} className="flex items-start gap-3">
          <UserAvatar fullName={entry.actor.fullName} avatarUrl={entry.actor.avatarUrl} size="sm" />
          <p className="min-w-0 text-sm wrap-anywhere">
            <span className="font-semibold">{entry.actor.fullName}</span> {activitySentence(entry, withProject)}
            <span className="text-muted">
              {' · '}
              <time dateTime={entry.createdAt} title={dateTime(entry.createdAt)}>
                {relativeTime(entry.createdAt)}
              </time>
            </span>
          </p>
        </li>
      ))}
    </ol>
  );
}
