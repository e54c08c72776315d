import { Bell } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useCurrentUser } from '../../../lib/current-user';
import { usePageTitle } from '../../../lib/page-title';
import { useTabParam } from '../../../lib/use-tab-param';
import { ChangePasswordCard } from '../components/change-password-card';
import { PasskeysCard } from '../components/passkeys-card';
import { ProfileCard } from '../components/profile-card';
import { SessionsCard } from '../components/sessions-card';
import { TwoFactorCard } from '../components/two-factor-card';

const TABS = ['profile', 'security', 'notifications'] as const;

/**
 * /user-settings and /profile: the Profile tab (avatar, name, password), the Security tab (two-factor
 * sign-in, passkeys and the sessions, issues 15, 21 and 41) and the Notifications tab. ?tab=security opens that tab (the mails link there).
 */
export function UserSettingsPage() {
  usePageTitle('User Settings');
  const { data: user } = useCurrentUser();
  const [tab, chooseTab] = useTabParam(TABS, 'profile');
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">User Settings</h1>
        <p className="text-muted">Manage your profile, your password and where you are signed in.</p>
      </div>
      {user ? (
        <Tabs value={tab} onValueChange={chooseTab} className="max-w-3xl">
          <TabsList className="sm:w-auto">
            <TabsTrigger value="profile">Profile</TabsTrigger>
            <TabsTrigger value="security">Security</TabsTrigger>
            <TabsTrigger value="notifications">Notifications</TabsTrigger>
          </TabsList>
          <TabsContent value="profile" className="grid gap-6">
            {/* Keyed by user: a different signed-in user starts from their own values. */}
            <ProfileCard key={user.id} user={user} />
            <ChangePasswordCard />
          </TabsContent>
          <TabsContent value="security" className="grid gap-6">
            <TwoFactorCard user={user} />
            <PasskeysCard />
            <SessionsCard />
          </TabsContent>
          <TabsContent value="notifications">
            <Card>
              <CardHeader>
                <CardTitle className="flex items-center gap-2">
                  <Bell className="size-5 text-brand-80" aria-hidden />
                  Notification settings
                </CardTitle>
                <CardDescription>Notification settings will be available soon.</CardDescription>
              </CardHeader>
              <CardContent>
                <p className="text-sm text-muted">
                  Until then you get a notification in the app whenever a teammate adds you to a project, a project you are in
                  changes status, or your role changes.
                </p>
              </CardContent>
            </Card>
          </TabsContent>
        </Tabs>
      ) : (
        <Spinner label="Loading your settings" />
      )}
    </div>
  );
}
