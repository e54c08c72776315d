import { PRODUCT_NAME } from '../../../../../shared/product';

export interface HelpArticle {
  id: string;
  title: string;
  description: string;
  category: 'Basics' | 'Projects' | 'Administration' | 'Billing' | 'Security';
}

/** The Help Center's static articles: one per category (spec section 2). */
export const helpArticles: readonly HelpArticle[] = [
  {
    id: 'getting-started',
    title: `Getting started with ${PRODUCT_NAME}`,
    description: 'Find your way around the dashboard, the projects search (Ctrl+K or Cmd+K), notifications and your avatar menu.',
    category: 'Basics',
  },
  {
    id: 'managing-projects',
    title: 'Creating and managing projects',
    description: 'Create a project, set its status and due date, and choose the team members who work on it.',
    category: 'Projects',
  },
  {
    id: 'organization-users',
    title: 'Adding users to your organization',
    description: 'Administrators can rename the organization and add, edit or remove users as Administrator or Staff.',
    category: 'Administration',
  },
  {
    id: 'subscription-and-invoices',
    title: 'Managing your subscription and invoices',
    description: 'Change your plan, update your payment method and download invoices from the customer portal.',
    category: 'Billing',
  },
  {
    id: 'account-security',
    title: 'Keeping your account secure',
    description: 'Choose a strong password, change it from User Settings, and sign out on devices you no longer use.',
    category: 'Security',
  },
];

/** Articles whose title, description or category contain the search, ignoring case. */
export function searchHelpArticles(articles: readonly HelpArticle[], search: string): readonly HelpArticle[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return articles;
  return articles.filter((article) =>
    [article.title, article.description, article.category].some((field) => field.toLowerCase().includes(needle)),
  );
}
