/** Every non-2xx answer of the API has this body (api-contract.md, Errors). */
export interface ApiErrorBody {
  message: string;
  fieldErrors?: Record<string, string>;
  requestId?: string;
}
