import type { OrganizationUserResponse } from '@shared/schemas/organization-users';
import { useInfiniteQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type TextareaHTMLAttributes, useId, useLayoutEffect, useRef, useState } from 'react';
import { UserAvatar } from '../../../components/ui/avatar';
import { Textarea } from '../../../components/ui/textarea';
import { organizationUserQueries } from '../../../lib/api/organization-users';
import { cn } from '../../../lib/class-names';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { mentionQueryAt } from '../lib/comment-parts';

/** People the picker offers at once: enough to choose from while typing a name. */
const PICKER_SIZE = 8;

type Person = Pick<OrganizationUserResponse, 'id' | 'fullName'>;

interface MentionTextareaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
  /** A person chosen in the picker: their '@Name' is now in the text. */
  onMention: (person: Person) => void;
}

/**
 * A textarea where typing '@' opens a list of the organization's people (the server's search of
 * what follows the '@'): arrow keys move, Enter or Tab picks, Escape closes; the pick writes
 * '@Full Name ' into the text.
 */
export function MentionTextarea({ value, onChange, onMention, className, ...props }: MentionTextareaProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const [caret, setCaret] = useState(0);
  /** Where the caret goes once React has written a picked name into the field. */
  const caretAfterPick = useRef<number | null>(null);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const typed = mentionQueryAt(value, caret);
  const open = typed !== null && dismissedAt !== typed.start;
  const query = useDebouncedValue(open ? typed.query.trim() : '', 200);
  const people = useInfiniteQuery({ ...organizationUserQueries.people(query), enabled: open });
  const options = (people.data?.pages[0]?.items ?? []).slice(0, PICKER_SIZE);
  const shown = open && options.length > 0;
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));

  const pick = (person: Person) => {
    if (!typed) return;
    const before = value.slice(0, typed.start);
    const after = value.slice(caret);
    const inserted = `@${person.fullName} `;
    onChange(`${before}${inserted}${after}`);
    onMention(person);
    const at = before.length + inserted.length;
    setCaret(at);
    setActive(0);
    // The '@' now begins a finished mention: the name's space would otherwise keep the list open.
    setDismissedAt(typed.start);
    caretAfterPick.current = at;
  };

  // Right after React writes the picked name, in the same event, before the next key: a caret set on
  // the next animation frame came after keys typed meanwhile, and the rest of the text went in behind
  // the name (a fast typist, or a busy machine's late frame).
  useLayoutEffect(() => {
    const at = caretAfterPick.current;
    if (at === null) return;
    caretAfterPick.current = null;
    textarea.current?.setSelectionRange(at, at);
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!shown) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + options.length) % options.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      pick(options[activeIndex]!);
    } else if (event.key === 'Escape') {
      // Closes the picker only; a dialog around it stays open.
      event.preventDefault();
      event.stopPropagation();
      setDismissedAt(typed!.start);
    }
  };

  return (
    <div className="relative">
      <Textarea
        {...props}
        ref={textarea}
        value={value}
        className={className}
        aria-autocomplete="list"
        aria-controls={shown ? listId : undefined}
        aria-activedescendant={shown ? `${listId}-${activeIndex}` : undefined}
        onChange={(event) => {
          onChange(event.target.value);
          setCaret(event.target.selectionStart);
          setActive(0);
          // Out of every mention: a new '@', even where a finished one was, opens the list again.
          if (!mentionQueryAt(event.target.value, event.target.selectionStart)) setDismissedAt(null);
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onKeyDown={onKeyDown}
        onBlur={() => setDismissedAt(typed?.start ?? null)}
      />
      {shown ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="People to mention"
          className="absolute z-20 mt-1 grid max-h-72 w-full max-w-sm overflow-auto rounded-md border border-line bg-surface p-1 shadow-lg"
        >
          {options.map((person, index) => (
            <li
              key={person.id}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm',
                index === activeIndex ? 'bg-brand-10 text-brand-100' : 'text-ink',
              )}
              // Keeps the focus in the textarea, so its blur does not close the list before the pick.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(person)}
            >
              <UserAvatar fullName={person.fullName} avatarUrl={person.avatarUrl} size="sm" />
              <span className="min-w-0 truncate">{person.fullName}</span>
              <span className="min-w-0 truncate text-xs text-muted">{person.username}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
