/** The token of a mail link: in the fragment (#token=...), so it never reaches a server log or a Referer. */
export const tokenFromHash = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';
