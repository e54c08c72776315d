import { describe, expect, it } from 'vitest';
import { helpArticles, searchHelpArticles } from './help-articles';

describe('help articles', () => {
  it('are one per category, Projects has the automations article too (issue 64) and Basics the assistant’s (issue 67)', () => {
    expect(helpArticles.map((article) => article.category).sort()).toEqual([
      'Administration',
      'Basics',
      'Basics',
      'Billing',
      'Projects',
      'Projects',
      'Security',
    ]);
  });

  it("find 'Automate routine work' by what people call it", () => {
    const ids = (search: string) => searchHelpArticles(helpArticles, search).map((a) => a.id);
    expect(ids('automate')).toEqual(['automate-routine-work']);
    expect(ids('workflow')).toEqual(['automate-routine-work']);
    expect(ids('run history')).toEqual(['automate-routine-work']);
  });

  it("find 'What the assistant sees and does' by what people call it", () => {
    const ids = (search: string) => searchHelpArticles(helpArticles, search).map((a) => a.id);
    expect(ids('assistant')).toEqual(['what-the-assistant-sees-and-does']);
    expect(ids('AI')).toContain('what-the-assistant-sees-and-does');
    expect(ids('summarize')).toEqual(['what-the-assistant-sees-and-does']);
  });

  it('are found by title, description or category, ignoring case and surrounding spaces', () => {
    expect(searchHelpArticles(helpArticles, '  GETTING started ').map((a) => a.id)).toEqual(['getting-started']);
    expect(searchHelpArticles(helpArticles, 'payment method').map((a) => a.id)).toEqual(['subscription-and-invoices']);
    expect(searchHelpArticles(helpArticles, 'security').map((a) => a.id)).toEqual(['account-security']);
    expect(searchHelpArticles(helpArticles, '')).toHaveLength(helpArticles.length);
    expect(searchHelpArticles(helpArticles, 'no such thing')).toEqual([]);
  });

  it('are found by words of their text and by the abbreviations people type (polish review, item 8)', () => {
    const ids = (search: string) => searchHelpArticles(helpArticles, search).map((a) => a.id);
    expect(ids('invite')).toEqual(['organization-users']);
    expect(ids('export')).toEqual(['organization-users']);
    expect(ids('2fa')).toEqual(['account-security']);
    expect(ids('Two-factor')).toEqual(['account-security']);
    expect(ids('recovery codes')).toEqual(['account-security']);
    expect(ids('invite security')).toEqual([]);
  });

  it('each open onto at least three paragraphs of their own', () => {
    for (const article of helpArticles) {
      expect(article.body.length, article.id).toBeGreaterThanOrEqual(3);
      for (const paragraph of article.body) expect(paragraph.length, article.id).toBeGreaterThan(60);
    }
    expect(new Set(helpArticles.flatMap((article) => article.body)).size).toBe(
      helpArticles.flatMap((article) => article.body).length,
    );
  });

  it('say how long notifications are kept, as the server keeps them (docs/decisions/102)', () => {
    const text = helpArticles.flatMap((article) => article.body).join(' ');
    expect(text).toContain('Notifications are kept for 90 days, and for 30 days once you open one.');
  });
});
