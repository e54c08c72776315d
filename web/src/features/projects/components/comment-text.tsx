import type { CommentResponse } from '@shared/schemas/comments';
import { commentParts } from '../lib/comment-parts';

/** A comment's words as text (line breaks kept, never HTML), its links clickable and its mentions marked. */
export function CommentText({ comment }: { comment: Pick<CommentResponse, 'text' | 'mentions'> }) {
  return (
    <p className="text-sm whitespace-pre-wrap wrap-anywhere">
      {commentParts(comment.text, comment.mentions).map((part, index) =>
        part.kind === 'link' ? (
          <a key={index} href={part.href} target="_blank" rel="noopener noreferrer nofollow" className="text-brand-90 underline">
            {part.text}
          </a>
        ) : part.kind === 'mention' ? (
          <span key={index} className="rounded bg-brand-10 px-0.5 font-medium text-brand-100">
            {part.text}
          </span>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}
