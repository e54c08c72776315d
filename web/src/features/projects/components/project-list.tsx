import type { ReactNode } from 'react';
import { useFirstFrameSlice } from '../../../lib/use-first-frame-slice';
import { ProjectCards } from './project-cards';
import { ProjectsTable, type ProjectsTableProps } from './projects-table';

/** Rows drawn on the list's first frame: more than a tall screen shows of the table (about 17 at 1080 px). */
const FIRST_FRAME_ROWS = 20;

interface ProjectListProps extends ProjectsTableProps {
  /** Wide screens get the table, narrow ones the cards. */
  wide: boolean;
  /** What follows the last row ('Load more'): only once every loaded row is drawn, or it would seem near and load the next page. */
  end: ReactNode;
}

/**
 * The loaded projects as the table or the cards, whichever the width shows: one of the two, not both
 * with one hidden (100 rows, each with its status dropdown, drawn twice made the first rows wait; issue 36).
 * A long first page draws its first screen first (lib/use-first-frame-slice.ts).
 */
export function ProjectList({ wide, end, projects, ...props }: ProjectListProps) {
  const { shown, complete } = useFirstFrameSlice(projects, FIRST_FRAME_ROWS);
  const { view, onSort, busy, ...rowProps } = props;
  return (
    <>
      {wide ? (
        <ProjectsTable projects={shown} view={view} onSort={onSort} busy={busy} {...rowProps} />
      ) : (
        <ProjectCards projects={shown} {...rowProps} />
      )}
      {complete ? end : null}
    </>
  );
}
