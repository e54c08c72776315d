import { useState } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { Card, CardContent } from '../../../components/ui/card';
import { Logo } from '../../../components/ui/logo';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { useCurrentUser } from '../api/current-user';
import { AuthSidePanel } from '../components/auth-side-panel';
import { LoginForm } from '../components/login-form';
import { RegisterForm } from '../components/register-form';

type Mode = 'login' | 'register';

const switchLinkClasses = 'cursor-pointer rounded-sm font-medium text-brand-80 underline-offset-4 hover:text-brand-90 hover:underline';

/**
 * /auth: Login and Register tabs; a signed-in user goes straight to the dashboard (spec section 2).
 * The form shows while the user is still loading: that is what the prerendered page draws, and the
 * redirect follows as soon as the answer names a user.
 */
export function AuthPage() {
  const { data: user } = useCurrentUser();
  const [mode, setMode] = useState<Mode>('login');

  if (user) return <Navigate to="/dashboard" replace />;

  return (
    <div className="min-h-dvh">
      <header className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6">
        <Link to="/" className="rounded-md no-underline" aria-label="Growthwise home">
          <Logo />
        </Link>
      </header>
      <main className="mx-auto grid max-w-6xl gap-8 px-4 pt-4 pb-12 sm:px-6 lg:grid-cols-2 lg:gap-12 lg:pt-10">
        <div className="mx-auto w-full max-w-md">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{mode === 'login' ? 'Sign in to your account' : 'Create a new account'}</h1>
          <p className="mt-2 text-sm text-ink-2">
            {mode === 'login' ? (
              <>
                Don&apos;t have an account?{' '}
                <button type="button" className={switchLinkClasses} onClick={() => setMode('register')}>
                  Register now
                </button>
              </>
            ) : (
              <>
                Already have an account?{' '}
                <button type="button" className={switchLinkClasses} onClick={() => setMode('login')}>
                  Sign in
                </button>
              </>
            )}
          </p>
          <Card className="mt-6">
            <CardContent className="pt-5 sm:pt-6">
              <Tabs value={mode} onValueChange={(value) => setMode(value as Mode)}>
                <TabsList>
                  <TabsTrigger value="login">Login</TabsTrigger>
                  <TabsTrigger value="register">Register</TabsTrigger>
                </TabsList>
                <TabsContent value="login">
                  <LoginForm />
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
