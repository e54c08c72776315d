import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** The token of a mail link: in the fragment (#token=...), so it never reaches a server log or a Referer. */
const tokenFromHash = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';

const tokenFromState = (state: unknown) => {
  const token = (state as { token?: unknown } | null)?.token;
  return typeof token === 'string' ? token : '';
};

/**
 * The mail link's token; once read, the address loses its fragment, so the token is not left in the
 * address bar, the browser's history or a shared screen. It moves into the history entry's state,
 * which a reload of the same tab keeps and nothing shows. A newer link opened in the same tab (only
 * its fragment differs) brings its own token.
 */
export function useMailLinkToken(): string {
  const location = useLocation();
  const navigate = useNavigate();
  const token = tokenFromHash(location.hash) || tokenFromState(location.state);
  const inAddress = location.hash !== '';
  useEffect(() => {
    if (inAddress)
      void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: token ? { token } : null });
  }, [inAddress, location.pathname, location.search, navigate, token]);
  return token;
}
