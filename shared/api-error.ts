/** Every non-2xx answer of the API has this body (api-contract.md, Errors). */
export interface ApiErrorBody {
  message: string;
  fieldErrors?: Record<string, string>;
  /** A refusal the client acts on beyond showing it (STEP_UP_REQUIRED: ask for the password, then send again). */
  code?: string;
  requestId?: string;
}

/** The message of a 503: the database could not answer and the request may be sent again shortly. */
export const SERVICE_BUSY_MESSAGE = 'The service is busy. Please try again shortly.';
