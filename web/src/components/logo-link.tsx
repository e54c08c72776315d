import { Link } from 'react-router-dom';
import { Logo } from './ui/logo';

/** The logo as a link: home on the public pages, the dashboard inside the app. */
export function LogoLink({ to }: { to: '/' | '/dashboard' }) {
  return (
    <Link to={to} className="rounded-md no-underline" aria-label={to === '/' ? 'Growthwise home' : 'Growthwise dashboard'}>
      <Logo />
    </Link>
  );
}
