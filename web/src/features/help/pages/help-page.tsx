import { Link } from 'react-router-dom';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { usePageTitle } from '../../../lib/page-title';
import { ContactSupportForm } from '../components/contact-support-form';
import { HelpArticles } from '../components/help-articles';

/** /help: the Help Center, with its articles and the contact form (spec section 2). */
export function HelpPage() {
  usePageTitle('Help Center');
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Help Center</h1>
        <p className="text-muted">Find answers in our articles or send a request to our support team.</p>
        <p className="text-sm text-muted">
          Connecting another tool? See the <Link to="/developers">API reference for developers</Link>.
        </p>
      </div>
      <Tabs defaultValue="articles">
        <TabsList className="sm:max-w-md">
          <TabsTrigger value="articles">Help Articles</TabsTrigger>
          <TabsTrigger value="contact">Contact Support</TabsTrigger>
        </TabsList>
        <TabsContent value="articles">
          <HelpArticles />
        </TabsContent>
        <TabsContent value="contact">
          <ContactSupportForm />
        </TabsContent>
      </Tabs>
    </div>
  );
}
