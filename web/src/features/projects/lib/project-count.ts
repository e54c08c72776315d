/** What the list knows of its size: the rows loaded, whether that is all, and the server's counts. */
export interface ProjectCount {
  loaded: number;
  /** No further page. */
  complete: boolean;
  /** X-Total-Count of the list's own query: sent when the server can count it cheaply. */
  matched?: number;
  /** The organization's projects, for 'N of M' beside a filtered list. */
  total?: number;
  filtered: boolean;
}

const number = new Intl.NumberFormat('en-US');
const projects = (count: number | string) => (count === 1 ? 'project' : 'projects');

/**
 * '4 projects', '2 of 4 projects' when filtered, and '100+ of 50,000 projects' when the filtered
 * list is still loading pages the server could not count.
 */
export function projectCountText({ loaded, complete, matched, total, filtered }: ProjectCount): string {
  const known = matched ?? (complete ? loaded : undefined);
  const shown = known === undefined ? `${number.format(loaded)}+` : number.format(known);
  if (!filtered || total === undefined) return `${shown} ${projects(known ?? loaded + 1)}`;
  return `${shown} of ${number.format(total)} ${projects(total)}`;
}
