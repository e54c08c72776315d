import { PRODUCT_NAME } from '@shared/product';
import { LegalPage } from '../components/legal-page';

/** /privacy: static, 12 sections (spec section 2). */
const sections: ReadonlyArray<{ title: string; text: string }> = [
  {
    title: 'Introduction',
    text: `This Privacy Policy explains how ${PRODUCT_NAME} collects, uses and protects personal data when you use our website and platform.`,
  },
  {
    title: 'Information we collect',
    text: 'Account details you give us (your name, email address, organization name and password), the content you create such as projects, and technical data such as your browser type and the times you use the service.',
  },
  {
    title: 'How we use your information',
    text: 'To provide and secure the service, to sign you in, to show your organization its projects and members, to send notifications you ask for, to bill subscriptions and to improve the product.',
  },
  {
    title: 'Legal bases for processing',
    text: 'We process personal data to perform our contract with you, to meet legal obligations, and for our legitimate interests in running a secure and useful service; where consent is needed, we ask for it.',
  },
  {
    title: 'Cookies',
    text: 'We use one strictly necessary cookie to keep you signed in. We do not use advertising cookies.',
  },
  {
    title: 'Sharing of information',
    text: 'We do not sell personal data. We share it only with the people in your organization, with service providers who process it for us under contract (hosting and payments), or when the law requires it.',
  },
  {
    title: 'Data retention',
    text: 'We keep personal data for as long as your account is active and as needed to meet legal obligations. Sessions expire after seven days.',
  },
  {
    title: 'Data security',
    text: 'Data is encrypted in transit and at rest, passwords are stored only as salted hashes, and access to systems is limited to the people who need it.',
  },
  {
    title: 'Your rights',
    text: 'Depending on where you live, you may have the right to access, correct, delete or export your personal data, and to object to or restrict its processing.',
  },
  {
    title: "Children's privacy",
    text: `${PRODUCT_NAME} is a business service and is not directed at children under 16. We do not knowingly collect their personal data.`,
  },
  {
    title: 'Changes to this policy',
    text: 'We may update this policy. We will tell you about material changes in the app or by email before they take effect.',
  },
  {
    title: 'Contact us',
    text: 'For any question about this policy or your personal data, contact our support team from the Help page once you are signed in.',
  },
];

export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy">
      {sections.map((section, index) => (
        <section key={section.title}>
          <h2>
            {index + 1}. {section.title}
          </h2>
          <p>{section.text}</p>
        </section>
      ))}
    </LegalPage>
  );
}
