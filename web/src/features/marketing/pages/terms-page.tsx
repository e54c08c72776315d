import { PRODUCT_NAME } from '@shared/product';
import { Link } from 'react-router-dom';
import { longDate } from '../../../lib/date-format';
import { useBrowserValue } from '../../../lib/use-browser-value';
import { LegalPage } from '../components/legal-page';

const today = () => longDate(new Date());

/** /terms: static text whose last-updated date is today (spec section 2). */
export function TermsPage() {
  // Today for the reader, not the day of the build that prerendered the page.
  const lastUpdated = useBrowserValue(today);
  return (
    <LegalPage title="Terms of Service" lastUpdated={lastUpdated}>
      <section>
        <h2>1. Acceptance of terms</h2>
        <p>
          By creating an account or using {PRODUCT_NAME}, you agree to these Terms of Service. If you use {PRODUCT_NAME} on behalf
          of an organization, you accept them for that organization.
        </p>
      </section>
      <section>
        <h2>2. The service</h2>
        <p>
          {PRODUCT_NAME} is an AI-powered marketing automation platform with team collaboration, performance analytics and project
          management. We may improve, change or discontinue features with reasonable notice.
        </p>
      </section>
      <section>
        <h2>3. Accounts</h2>
        <p>
          You are responsible for the accuracy of your account details, for keeping your password secret and for all activity
          under your account. Administrators of an organization manage its users and their roles.
        </p>
      </section>
      <section>
        <h2>4. Acceptable use</h2>
        <p>You agree not to misuse the service, including by:</p>
        <ul>
          <li>breaking the law or the rights of others;</li>
          <li>sending spam or malicious content;</li>
          <li>trying to access accounts or data that are not yours;</li>
          <li>disrupting or overloading the service.</li>
        </ul>
      </section>
      <section>
        <h2>5. Subscriptions and billing</h2>
        <p>
          Paid plans are billed in advance for each billing cycle through our payment provider. Prices are shown before you
          subscribe, with no hidden fees. You can cancel at any time; access continues until the end of the paid period.
        </p>
      </section>
      <section>
        <h2>6. Your content</h2>
        <p>
          You keep all rights to the content you add. You grant us the limited permission we need to store, process and show it to
          the people you share it with, in order to provide the service.
        </p>
      </section>
      <section>
        <h2>7. Privacy</h2>
        <p>
          How we collect and use personal data is described in our <Link to="/privacy">Privacy Policy</Link>.
        </p>
      </section>
      <section>
        <h2>8. Termination</h2>
        <p>
          You may stop using the service at any time. We may suspend or close accounts that break these terms, after notice where
          the law requires it.
        </p>
      </section>
      <section>
        <h2>9. Disclaimers and liability</h2>
        <p>
          The service is provided as is. To the extent the law allows, we are not liable for indirect or consequential losses, and
          our total liability is limited to the fees you paid in the twelve months before the claim.
        </p>
      </section>
      <section>
        <h2>10. Changes to these terms</h2>
        <p>
          We may update these terms. When we make material changes we will tell you in the app or by email before they take
          effect.
        </p>
      </section>
      <section>
        <h2>11. Contact</h2>
        <p>Questions about these terms can be sent to our support team from the Help page once you are signed in.</p>
      </section>
    </LegalPage>
  );
}
