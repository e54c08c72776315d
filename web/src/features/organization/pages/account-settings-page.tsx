import { ShieldAlert } from 'lucide-react';
import { AutomationsCard } from '../../../components/automations/automations-card';
import { Card, CardContent } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { isAdmin, useCurrentUser } from '../../../lib/current-user';
import { usePageTitle } from '../../../lib/page-title';
import { useTabParam } from '../../../lib/use-tab-param';
import { ApiKeysCard } from '../components/api-keys-card';
import { AssistantCard } from '../components/assistant-card';
import { AuditLogCard } from '../components/audit-log-card';
import { OrganizationCard } from '../components/organization-card';
import { RequireMfaCard } from '../components/require-mfa-card';
import { RequireSsoCard } from '../components/require-sso-card';
import { ScimTokensCard } from '../components/scim-tokens-card';
import { SsoConnectionCard } from '../components/sso-connection-card';
import { SsoDomainsCard } from '../components/sso-domains-card';
import { UsersCard } from '../components/users-card';
import { WebhooksCard } from '../components/webhooks-card';

/** /organization-settings and /users: the Organization tab and, for admins, user management. */
export function AccountSettingsPage() {
  usePageTitle('Account Settings');
  const { data: user } = useCurrentUser();
  // The organization is taken from the first role entry (spec section 6).
  const organization = user?.roles[0]?.organization;
  const admin = isAdmin(user);
  // ?tab=users opens on the Users tab (a joined-the-team notification links there), ?tab=audit-log on the log, ?tab=api-keys on the keys (the API reference links there).
  const [tab, chooseTab] = useTabParam(
    ['organization', 'users', 'audit-log', 'sso', 'automations', 'api-keys', 'webhooks'],
    'organization',
  );
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Account Settings</h1>
        <p className="text-muted">Manage your organization and its users.</p>
      </div>
      {user && organization ? (
        <Tabs value={tab} onValueChange={chooseTab} className="max-w-5xl">
          <TabsList className="sm:w-auto">
            <TabsTrigger value="organization">Organization</TabsTrigger>
            <TabsTrigger value="users">Users</TabsTrigger>
            <TabsTrigger value="audit-log">Audit Log</TabsTrigger>
            <TabsTrigger value="sso">Single sign-on</TabsTrigger>
            <TabsTrigger value="automations">Automations</TabsTrigger>
            <TabsTrigger value="api-keys">API keys</TabsTrigger>
            <TabsTrigger value="webhooks">Webhooks</TabsTrigger>
          </TabsList>
          <TabsContent value="organization">
            <div className="grid gap-6">
              <OrganizationCard organization={organization} canEdit={admin} />
              {admin ? <RequireMfaCard organization={organization} adminHasAuthenticatorApp={user.mfaEnabled} /> : null}
              {admin ? <AssistantCard organization={organization} /> : null}
            </div>
          </TabsContent>
          <TabsContent value="users">
            {admin ? (
              <UsersCard currentUserId={user.id} />
            ) : (
              <NoPermission message="You do not have permission to manage users. Please contact your administrator." />
            )}
          </TabsContent>
          <TabsContent value="audit-log">
            {admin ? (
              <AuditLogCard />
            ) : (
              <NoPermission message="You do not have permission to view the audit log. Please contact your administrator." />
            )}
          </TabsContent>
          <TabsContent value="sso">
            {admin ? (
              <div className="grid gap-6">
                <SsoDomainsCard />
                <SsoConnectionCard />
                <RequireSsoCard />
                <ScimTokensCard />
              </div>
            ) : (
              <NoPermission message="You do not have permission to manage single sign-on. Please contact your administrator." />
            )}
          </TabsContent>
          <TabsContent value="automations">
            {admin ? (
              <AutomationsCard projectId={null} admin />
            ) : (
              <NoPermission message="You do not have permission to manage organization-wide automations. Please contact your administrator." />
            )}
          </TabsContent>
          <TabsContent value="api-keys">
            {admin ? (
              <ApiKeysCard />
            ) : (
              <NoPermission message="You do not have permission to manage API keys. Please contact your administrator." />
            )}
          </TabsContent>
          <TabsContent value="webhooks">
            {admin ? (
              <WebhooksCard />
            ) : (
              <NoPermission message="You do not have permission to manage webhooks. Please contact your administrator." />
            )}
          </TabsContent>
        </Tabs>
      ) : (
        <Spinner label="Loading account settings" />
      )}
    </div>
  );
}

/** What staff see in place of an admins-only card (spec section 6's permission messages). */
function NoPermission({ message }: { message: string }) {
  return (
    <Card>
      <CardContent className="flex items-start gap-3 pt-5 sm:pt-6">
        <ShieldAlert className="size-5 shrink-0 text-warning" aria-hidden />
        <p>{message}</p>
      </CardContent>
    </Card>
  );
}
