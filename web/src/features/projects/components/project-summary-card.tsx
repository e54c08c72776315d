import type { ProjectSummaryResponse } from '@shared/schemas/assistant';
import { Sparkles } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { toast } from '../../../components/ui/toast';
import { useSummarizeProject } from '../api/assistant';

/** Who wrote a text, as the page says it: the local provider is never passed off as a model. */
export const writtenBy = (answer: Pick<ProjectSummaryResponse, 'provider' | 'model'>) =>
  answer.provider === 'local' ? 'Written without a language model' : `Written by ${answer.model} on Amazon Bedrock`;

/** 'Summarize' on the project page: a few sentences on where the project stands, shown as text, with 'Copy'. */
export function ProjectSummaryCard({ projectId }: { projectId: string }) {
  const summarize = useSummarizeProject(projectId);
  const summary = summarize.data;

  const copy = async () => {
    if (!summary) return;
    try {
      await navigator.clipboard.writeText(summary.summary);
      toast({ title: 'Summary copied' });
    } catch {
      toast({ title: 'Failed to copy the summary', description: 'Select the text and copy it instead.', variant: 'destructive' });
    }
  };

  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle>Summary</CardTitle>
          <CardDescription>
            Where the project stands, from its details, activity and comments. Nothing is changed.
          </CardDescription>
        </div>
        <Button
          variant="outline"
          onClick={() => summarize.mutate()}
          disabled={summarize.isPending}
          aria-busy={summarize.isPending || undefined}
        >
          <Sparkles aria-hidden />
          {summarize.isPending ? 'Summarizing...' : summary ? 'Summarize again' : 'Summarize'}
        </Button>
      </CardHeader>
      <CardContent className="grid gap-3" aria-live="polite">
        {summarize.isError ? (
          <p role="alert" className="text-sm text-danger">
            {summarize.error.message}
          </p>
        ) : null}
        {summary ? (
          <>
            {/* Text, never HTML: whatever the model or a comment held is shown as typed. */}
            <p className="whitespace-pre-wrap wrap-anywhere" data-testid="project-summary">
              {summary.summary}
            </p>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="text-sm text-muted">{writtenBy(summary)}</span>
              <Button variant="outline" size="sm" onClick={copy}>
                Copy
              </Button>
            </div>
          </>
        ) : !summarize.isError && !summarize.isPending ? (
          <p className="text-sm text-muted">Ask for a summary to read where this project stands.</p>
        ) : null}
      </CardContent>
    </Card>
  );
}
