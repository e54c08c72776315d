/** A list's count as the dashboard shows it: '50+' when the server stopped counting there (docs/decisions/065, 078). */
export const countText = (list: { count: number; more?: true }) => (list.more ? `${list.count}+` : String(list.count));
