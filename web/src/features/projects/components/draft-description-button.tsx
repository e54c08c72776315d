import { Sparkles } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';
import { useDraftBrief } from '../api/assistant';
import { writtenBy } from './project-summary-card';

interface DraftDescriptionButtonProps {
  /** The name typed so far: what the draft is for. */
  name: () => string;
  /** Puts the draft into the description field; nothing is saved until the person saves the project. */
  onDrafted: (description: string) => void;
  onNameMissing: (message: string) => void;
  disabled?: boolean;
}

/** 'Draft with the assistant': a first brief from the project's name, to be edited before saving. */
export function DraftDescriptionButton({ name, onDrafted, onNameMissing, disabled }: DraftDescriptionButtonProps) {
  const draft = useDraftBrief();

  const ask = async () => {
    const projectName = name().trim();
    if (projectName === '') {
      onNameMissing('Project name is required');
      return;
    }
    try {
      const answer = await draft.mutateAsync({ name: projectName });
      onDrafted(answer.description);
    } catch (error) {
      toast({ title: 'Failed to draft the description', description: (error as Error).message, variant: 'destructive' });
    }
  };

  return (
    <div className="-mt-2 flex flex-wrap items-center justify-end gap-2">
      {draft.data ? (
        <span className="text-sm text-muted" role="status">
          {writtenBy(draft.data)}. Edit the draft before saving.
        </span>
      ) : null}
      <Button
        variant="outline"
        size="sm"
        onClick={ask}
        disabled={disabled || draft.isPending}
        aria-busy={draft.isPending || undefined}
      >
        <Sparkles aria-hidden />
        {draft.isPending ? 'Drafting...' : 'Draft with the assistant'}
      </Button>
    </div>
  );
}
