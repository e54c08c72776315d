/** For setSearchParams: the current parameters without `name` (a dialog's parameter, once it closes). */
export const withoutParam = (name: string) => (current: URLSearchParams) => {
  const next = new URLSearchParams(current);
  next.delete(name);
  return next;
};
