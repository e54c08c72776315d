import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { helpArticles, searchHelpArticles } from '../data/help-articles';

/** The static articles with a search over title, description and category. */
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
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Help articles">
          {found.map((article) => (
            <li key={article.id}>
              <Card className="h-full">
                <CardHeader>
                  <Badge tone="brand" className="w-fit">
                    {article.category}
                  </Badge>
                  <CardTitle className="text-base">{article.title}</CardTitle>
                  <CardDescription>{article.description}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
