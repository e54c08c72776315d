import { API_KEY_PREFIX, API_KEY_REQUESTS_PER_MINUTE, API_KEY_SCOPE_LABELS, API_KEY_SCOPES } from '@shared/api-key-scopes';
import * as developerEndpoints from '@shared/contract/developers';
import type { UserResponse } from '@shared/schemas/auth';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../../components/ui/button';
import { isAdmin } from '../../../lib/current-user';

/** Organization settings' API keys tab, addressed as its other tabs are (`?tab=`). */
const API_KEYS_TAB = '/organization-settings?tab=api-keys';

const code = 'rounded bg-surface-3 px-1.5 py-0.5 font-mono text-[0.9em] text-ink';

/** Who may make a key: an admin is sent to the tab, anyone else told who can. */
function CreateKey({ user }: { user: UserResponse | null | undefined }) {
  if (isAdmin(user))
    return (
      <Link to={API_KEYS_TAB} className={buttonClasses({ className: 'justify-self-start' })}>
        Create an API key
      </Link>
    );
  return (
    <p className="text-muted">
      {user ? 'Ask an administrator of your organization for a key.' : 'Administrators create keys once signed in.'}
    </p>
  );
}

/** What to know before the first call: the key, its scopes and its limit, above the reference. */
export function DevelopersIntro({ user }: { user: UserResponse | null | undefined }) {
  return (
    <div className="grid gap-8 leading-relaxed text-ink-2">
      <section aria-labelledby="developers-authentication" className="grid gap-3">
        <h2 id="developers-authentication" className="text-lg font-semibold text-ink">
          Authenticate with an API key
        </h2>
        <p>
          Administrators create API keys in Account Settings, on the API keys tab. Send the key with every request, as a bearer
          token:
        </p>
        <pre className="overflow-x-auto rounded-md border border-line bg-surface-2 p-3 font-mono text-sm text-ink">
          Authorization: Bearer {API_KEY_PREFIX}…
        </pre>
        <p>
          A key acts for your organization, not for a person: what it changes shows as &lsquo;API key: its name&rsquo; in the
          activity and the audit log. A missing, unknown, expired or revoked key is answered with 401.
        </p>
        <CreateKey user={user} />
      </section>
      <section aria-labelledby="developers-scopes" className="grid gap-3">
        <h2 id="developers-scopes" className="text-lg font-semibold text-ink">
          Scopes
        </h2>
        <p>
          A key holds the scopes it was given, and each route of the reference names the one it needs. A key without it is
          answered with 403.
        </p>
        <dl aria-label="Scopes" className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          {API_KEY_SCOPES.map((scope) => (
            <div key={scope} className="contents">
              <dt>
                <code className={code}>{scope}</code>
              </dt>
              <dd>{API_KEY_SCOPE_LABELS[scope]}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section aria-labelledby="developers-rate-limits" className="grid gap-3">
        <h2 id="developers-rate-limits" className="text-lg font-semibold text-ink">
          Rate limits
        </h2>
        <p>
          Each key may make {API_KEY_REQUESTS_PER_MINUTE} requests a minute, and its requests count toward your
          organization&rsquo;s as a person&rsquo;s do. Every answer says where the key stands:
        </p>
        <ul className="grid list-disc gap-1 pl-5">
          <li>
            <code className={code}>RateLimit-Policy</code>: the key&rsquo;s quota and its window in seconds;
          </li>
          <li>
            <code className={code}>RateLimit</code>: what remains, and the seconds until the window starts again.
          </li>
        </ul>
        <p>
          Past the limit the answer is 429, with <code className={code}>Retry-After</code> saying how many seconds to wait. Every
          refusal has the same JSON body: a <code className={code}>message</code>, and for a field that fails validation{' '}
          <code className={code}>fieldErrors</code>.
        </p>
      </section>
      <p className="text-sm text-muted">
        The reference below lists every route a key may call. Its OpenAPI 3.1 document is at{' '}
        <a href={developerEndpoints.openApiDocument.path}>{developerEndpoints.openApiDocument.path}</a>, for your own tools and
        client generators.
      </p>
    </div>
  );
}
