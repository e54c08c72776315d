import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { organizationUserQueries } from '../../lib/api/organization-users';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Checkbox } from '../ui/checkbox';
import { Input } from '../ui/input';

interface PeoplePickerProps {
  idPrefix: string;
  label: string;
  value: string[];
  onChange: (ids: string[]) => void;
}

/** People of the organization to tick, found by name or email as one types (the server searches). */
export function PeoplePicker({ idPrefix, label, value, onChange }: PeoplePickerProps) {
  const [typed, setTyped] = useState('');
  const q = useDebouncedValue(typed.trim(), 250);
  const people = useInfiniteQuery(organizationUserQueries.people(q));
  const list = people.data?.pages.flatMap((page) => page.items) ?? [];
  const chosen = new Set(value);
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium text-ink">{label}</legend>
      <Input
        id={`${idPrefix}-search`}
        aria-label={`Search people for ${label.toLowerCase()}`}
        placeholder="Search people…"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      <p className="text-xs text-muted" aria-live="polite">
        {value.length} chosen
      </p>
      <ul className="grid max-h-44 gap-1 overflow-y-auto rounded-md border border-line p-2">
        {people.isPending ? (
          <li className="text-sm text-muted">Loading people…</li>
        ) : people.isError ? (
          <li className="text-sm text-danger">Failed to load people.</li>
        ) : list.length === 0 ? (
          <li className="text-sm text-muted">No people found.</li>
        ) : (
          list.map((person) => (
            <li key={person.id} className="flex items-center gap-2">
              <Checkbox
                id={`${idPrefix}-${person.id}`}
                checked={chosen.has(person.id)}
                onCheckedChange={(checked) =>
                  onChange(checked === true ? [...value, person.id] : value.filter((id) => id !== person.id))
                }
              />
              <label htmlFor={`${idPrefix}-${person.id}`} className="text-sm">
                {person.fullName} <span className="text-muted">({person.username})</span>
              </label>
            </li>
          ))
        )}
      </ul>
    </fieldset>
  );
}
