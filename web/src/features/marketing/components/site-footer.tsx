import { PRODUCT_NAME } from '@shared/product';
import { Link } from 'react-router-dom';
import { Logo } from '../../../components/ui/logo';
import { useBrowserValue } from '../../../lib/use-browser-value';

const footerLink = 'text-sm text-ink-2 no-underline hover:text-brand-90 hover:underline';
const currentYear = () => new Date().getFullYear();

/** Footer of the public pages (spec section 2): Product, Legal and the copyright with this year. */
export function SiteFooter() {
  // The year the visitor reads the page in, not the year of the build that prerendered it.
  const year = useBrowserValue(currentYear);
  return (
    <footer className="border-t border-line bg-surface">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-[2fr_1fr_1fr] sm:px-6">
        <div className="grid content-start gap-3">
          <Logo />
          <p className="max-w-xs text-sm text-muted">AI-powered marketing automation for growing teams.</p>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-ink">Product</h2>
          <ul className="mt-3 grid gap-2">
            <li>
              <a href="/#features" className={footerLink}>
                Features
              </a>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-ink">Legal</h2>
          <ul className="mt-3 grid gap-2">
            <li>
              <Link to="/terms" className={footerLink}>
                Terms of Service
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={footerLink}>
                Privacy Policy
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-6xl px-4 py-5 text-sm text-muted sm:px-6">
          © {year === null ? PRODUCT_NAME : `${year} ${PRODUCT_NAME}`}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
