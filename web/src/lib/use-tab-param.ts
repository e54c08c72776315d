import { useSearchParams } from 'react-router-dom';

/**
 * A page's tabs kept in the address (?tab=…): a reload, a shared link or Back shows the same tab.
 * Choosing a tab replaces the entry rather than adding one, as the list's filters do; the default
 * tab leaves the parameter out.
 */
export function useTabParam<Tab extends string>(tabs: readonly Tab[], fallback: Tab) {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('tab');
  const tab = tabs.find((candidate) => candidate === asked) ?? fallback;
  const choose = (next: string) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === fallback) params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );
  return [tab, choose] as const;
}
