import { RETURN_PARAM, safeReturnPath } from '@shared/return-path';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { LogoLink } from '../../../components/logo-link';
import { Card, CardContent } from '../../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useCurrentUser } from '../../../lib/current-user';
import { usePageTitle } from '../../../lib/page-title';
import { AuthSidePanel } from '../components/auth-side-panel';
import { LoginForm } from '../components/login-form';
import { RegisterForm } from '../components/register-form';
import { SsoSignIn } from '../components/sso-sign-in';

type Mode = 'login' | 'register';

/**
 * Each mode has its own URL, and the build prerenders both (web/vite.config.ts): the tabs and the
 * switching link are real links, so a click made before the script has run loads the other mode's
 * page, drawn as the app would draw it, instead of being lost. Both keep the page to return to.
 */
function modeUrl(mode: Mode, returnTo: string | null) {
  const params = new URLSearchParams();
  if (mode === 'register') params.set('tab', 'register');
  if (returnTo) params.set(RETURN_PARAM, returnTo);
  const query = params.toString();
  return query ? `/auth?${query}` : '/auth';
}

const switchLinkClasses = 'rounded-sm font-medium text-brand-80 underline underline-offset-4 hover:text-brand-90';

/**
 * /auth: Login and Register tabs; a signed-in user goes straight to the dashboard (spec section 2),
 * or back to the page that sent them here.
 * The form shows while the user is still loading: that is what the prerendered page draws, and the
 * redirect follows as soon as the answer names a user.
 */
export function AuthPage() {
  const { data: user } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const mode: Mode = searchParams.get('tab') === 'register' ? 'register' : 'login';
  const returnTo = searchParams.get(RETURN_PARAM);
  const setMode = (next: Mode) => {
    if (next !== mode) void navigate(modeUrl(next, returnTo), { replace: true });
  };
  usePageTitle(mode === 'login' ? 'Sign in' : 'Register');

  if (user) return <Navigate to={safeReturnPath(returnTo)} replace />;

  return (
    <div className="min-h-dvh">
      <header className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6">
        <LogoLink to="/" />
      </header>
      <main className="mx-auto grid max-w-6xl gap-8 px-4 pt-4 pb-12 sm:px-6 lg:grid-cols-2 lg:gap-12 lg:pt-10">
        <div className="mx-auto w-full max-w-md">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
            {mode === 'login' ? 'Sign in to your account' : 'Create a new account'}
          </h1>
          <p className="mt-2 text-sm text-ink-2">
            {mode === 'login' ? (
              <>
                Don&apos;t have an account?{' '}
                <Link to={modeUrl('register', returnTo)} replace className={switchLinkClasses}>
                  Register now
                </Link>
              </>
            ) : (
              <>
                Already have an account?{' '}
                <Link to={modeUrl('login', returnTo)} replace className={switchLinkClasses}>
                  Sign in
                </Link>
              </>
            )}
          </p>
          <Card className="mt-6">
            <CardContent className="pt-5 sm:pt-6">
              <Tabs value={mode} onValueChange={(value) => setMode(value as Mode)}>
                <TabsList>
                  <ModeTab mode="login" returnTo={returnTo}>
                    Login
                  </ModeTab>
                  <ModeTab mode="register" returnTo={returnTo}>
                    Register
                  </ModeTab>
                </TabsList>
                <TabsContent value="login">
                  <LoginForm />
                  <SsoSignIn />
                </TabsContent>
                <TabsContent value="register">
                  <RegisterForm />
                </TabsContent>
              </Tabs>
            </CardContent>
          </Card>
        </div>
        <AuthSidePanel />
      </main>
    </div>
  );
}

/** A tab that is also a link to its mode's URL (Radix keeps the tab semantics and the keyboard). */
function ModeTab({ mode, returnTo, children }: { mode: Mode; returnTo: string | null; children: string }) {
  return (
    <TabsTrigger value={mode} asChild>
      {/* Radix gives its trigger type="button", which means nothing on a link. */}
      <Link to={modeUrl(mode, returnTo)} replace type={undefined} className="no-underline">
        {children}
      </Link>
    </TabsTrigger>
  );
}
