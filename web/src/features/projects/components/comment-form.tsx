import { commentRequest, type CommentRequest } from '@shared/schemas/comments';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { mentionsInText } from '../lib/comment-parts';
import { MentionTextarea } from './mention-textarea';

interface CommentFormProps {
  id: string;
  label: string;
  initialText?: string;
  initialMentions?: { id: string; fullName: string }[];
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Rejects with the server's refusal; the text stays as typed. */
  onSubmit: (body: CommentRequest) => Promise<unknown>;
  onCancel?: () => void;
  autoFocus?: boolean;
}

/** Writing a comment: the text with its @mention picker, checked by the server's own schema before it is sent. */
export function CommentForm({
  id,
  label,
  initialText = '',
  initialMentions = [],
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  onCancel,
  autoFocus,
}: CommentFormProps) {
  const [text, setText] = useState(initialText);
  const [picked, setPicked] = useState(initialMentions);
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { text, mentions: mentionsInText(text, picked) };
    const checked = commentRequest.safeParse(body);
    if (!checked.success) {
      setError(checked.error.issues.find((issue) => issue.path[0] === 'text')?.message ?? checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await onSubmit(body);
      setText('');
      setPicked([]);
    } catch (failure) {
      // A field refusal shows under the field; anything else is the caller's toast.
      if (failure instanceof ApiError && failure.fieldErrors?.text) setError(failure.fieldErrors.text);
    }
  };

  return (
    <form className="grid gap-3" onSubmit={submit} noValidate>
      <FormField label={label} htmlFor={id} error={error}>
        <MentionTextarea
          id={id}
          value={text}
          rows={3}
          placeholder="Write a comment. Type @ to mention someone."
          autoFocus={autoFocus}
          onChange={(next) => {
            setText(next);
            if (error) setError(undefined);
          }}
          onMention={(person) => setPicked((current) => [...current, { id: person.id, fullName: person.fullName }])}
        />
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={pending} aria-busy={pending || undefined}>
          {pending ? pendingLabel : submitLabel}
        </Button>
        {onCancel ? (
          <Button type="button" variant="outline" disabled={pending} onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}
