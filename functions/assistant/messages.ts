/** What the assistant's refusals say: each names what happened and what the person can do. */

export const ASSISTANT_OFF =
  'The assistant is turned off for your organization. An admin can turn it on again in Organization settings.';
export const ALLOWANCE_USED = "Your organization has used today's assistant allowance. It renews at midnight UTC.";
export const MODEL_BUSY = 'The assistant is busy right now. Try again in a moment.';
export const MODEL_UNAVAILABLE =
  'The assistant cannot reach its language model on this stage. Nothing was changed; try again later or write the text yourself.';
export const MODEL_REFUSED_REQUEST =
  'The language model refused this request. Nothing was changed; try again, or write the text yourself.';
export const GUARDRAIL_STOPPED =
  "The assistant's content filter stopped this text. Nothing was changed; write the text yourself or change what it is drafted from.";
