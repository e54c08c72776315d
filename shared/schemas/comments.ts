import * as z from 'zod/mini';
import { ULID } from '../ids';
import { COMMENT_MAX_LENGTH, COMMENT_MENTIONS_MAX } from '../limits';
import { visibleLength } from './fields';

const TEXT_REQUIRED = 'Comment cannot be empty';

/**
 * A comment's text: plain text kept as typed (line breaks included; the page shows it as text, never
 * as HTML), at least one visible character, at most COMMENT_MAX_LENGTH characters.
 */
const text = /* @__PURE__ */ (() =>
  z.string({ error: TEXT_REQUIRED }).check(
    z.normalize('NFC'),
    z.refine((value) => visibleLength(value) > 0, { message: TEXT_REQUIRED }),
    z.maxLength(COMMENT_MAX_LENGTH, 'Comment must be at most 5,000 characters'),
  ))();

/** The people a comment mentions, by user id; ids of no one in the organization are dropped by the server. */
const mentions = /* @__PURE__ */ (() =>
  z._default(
    z
      .array(z.string().check(z.regex(ULID, 'Mentions must be user ids')), { error: 'mentions must be a list of user ids' })
      .check(z.maxLength(COMMENT_MENTIONS_MAX, `A comment can mention at most ${COMMENT_MENTIONS_MAX} people`)),
    [],
  ))();

/** POST /api/projects/{id}/comments and PATCH …/comments/{commentId}. */
export const commentRequest = /* @__PURE__ */ (() => z.object({ text, mentions }))();
export type CommentRequest = z.input<typeof commentRequest>;

const person = /* @__PURE__ */ (() => z.object({ id: z.string(), fullName: z.string() }))();

/**
 * One comment. `author` is named as they were when they wrote it (as activity entries name their
 * actor); `mentions` are the people mentioned, named as when the text was last written
 * (docs/decisions/048). `editedAt` is null until the author edits it.
 */
export const commentResponse = /* @__PURE__ */ (() =>
  z.object({
    id: z.string(),
    projectId: z.string(),
    text: z.string(),
    mentions: z.array(person),
    author: z.object({ id: z.string(), fullName: z.string(), avatarUrl: z.nullable(z.string()) }),
    createdAt: z.string(),
    editedAt: z.nullable(z.string()),
  }))();
export type CommentResponse = z.infer<typeof commentResponse>;

/**
 * A page of a project's comments, oldest first (newest last); `nextCursor` names the page of the
 * comments before these (null when these are the first ones).
 */
export const commentPageResponse = /* @__PURE__ */ (() =>
  z.object({
    comments: z.array(commentResponse),
    nextCursor: z.nullable(z.string()),
  }))();
export type CommentPageResponse = z.infer<typeof commentPageResponse>;

/** GET /api/projects/{id}/comments?cursor=…: the cursor is the id of the oldest comment of the page already shown. */
export const commentPageQuery = /* @__PURE__ */ (() =>
  z.object({
    cursor: z.optional(z.string().check(z.regex(ULID, 'cursor must be the id of a comment'))),
  }))();

/** DELETE …/comments/{commentId}. */
export const deletedCommentResponse = /* @__PURE__ */ (() => z.object({ id: z.string() }))();
