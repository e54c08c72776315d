/** For setSearchParams: the current parameters without `name` (a dialog's parameter, once it closes). */
export const withoutParam = (name: string) => (current: URLSearchParams) => {
  const next = new URLSearchParams(current);
  next.delete(name);
  return next;
};

/** For setSearchParams: the current parameters with `name` set to `value`, or without it when empty. */
export const withParam = (name: string, value: string) => (current: URLSearchParams) => {
  const next = new URLSearchParams(current);
  if (value === '') next.delete(name);
  else next.set(name, value);
  return next;
};
