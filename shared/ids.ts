/** Entity ids (organizations, users, projects, notifications) are ULIDs, as the ulid package writes them. */
export const ULID = /^[0-9A-HJKMNP-TV-Z]{26}$/;
/** Session ids and avatar versions are random UUIDs (crypto.randomUUID: lower-case). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** True for a value shaped like one of our ids. */
export const isId = (value: string) => ULID.test(value) || UUID.test(value);
