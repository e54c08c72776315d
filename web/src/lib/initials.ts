/** Avatar initials: the first letters of the first two words of the full name, or 'U'. */
export function initials(fullName: string | null | undefined): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 2);
  // Array.from keeps a letter outside the BMP (an emoji, some scripts) whole.
  const letters = words.map((word) => Array.from(word)[0] ?? '').join('');
  return letters ? letters.toUpperCase() : 'U';
}
