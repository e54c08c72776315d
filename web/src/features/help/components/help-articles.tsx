import { ChevronDown, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/class-names';
import { type HelpArticle, helpArticles, searchHelpArticles } from '../data/help-articles';

/** The static articles with a search over title, description and category; each opens in place. */
export function HelpArticles() {
  const [search, setSearch] = useState('');
  const searchId = useId();
  const found = searchHelpArticles(helpArticles, search);
  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor={searchId}>Search articles</Label>
        <div className="relative">
          <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted" aria-hidden />
          <Input
            id={searchId}
            type="search"
            className="pl-9"
            placeholder="Search by title, description or category"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
      </div>
      {found.length === 0 ? (
        <p role="status" className="rounded-lg border border-dashed border-line p-6 text-center text-muted">
          No articles found matching your search.
        </p>
      ) : (
        <ul className="grid items-start gap-4 md:grid-cols-2" aria-label="Help articles">
          {found.map((article) => (
            <li key={article.id}>
              <ArticleCard article={article} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One article: its title is a button that shows or hides the text below it (a disclosure). */
function ArticleCard({ article }: { article: HelpArticle }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  return (
    <Card className="h-full">
      <CardHeader>
        <Badge tone="brand" className="w-fit">
          {article.category}
        </Badge>
        <CardTitle className="text-base">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen((value) => !value)}
            className="-mx-1 flex w-full items-start justify-between gap-2 rounded-sm px-1 text-left hover:text-brand-80"
          >
            {article.title}
            <ChevronDown className={cn('mt-0.5 size-4 shrink-0 transition-transform', open && 'rotate-180')} aria-hidden />
          </button>
        </CardTitle>
        <CardDescription>{article.description}</CardDescription>
        <div id={bodyId} hidden={!open} className="mt-2 grid gap-3 border-t border-line pt-3 text-sm leading-relaxed text-ink-2">
          {article.body.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>
      </CardHeader>
    </Card>
  );
}
