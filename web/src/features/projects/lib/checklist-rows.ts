import type { OrganizationUserResponse } from '@shared/schemas/organization-users';

/** What the member checklist shows of a person. */
export type Person = Pick<OrganizationUserResponse, 'id' | 'fullName' | 'username' | 'avatarUrl'>;

/** A case-insensitive part of the name or the email, as the server searches an organization of up to 1,000 people. */
export const personMatches = (person: Person, typed: string) =>
  person.fullName.toLowerCase().includes(typed) || person.username.toLowerCase().includes(typed);

interface ChecklistRowsInput {
  /** Who was chosen when the checklist opened, in order. */
  firstChosen: string[];
  /** Who was ticked since (ticked now or not), in order. */
  pickedSince: string[];
  /** Everyone whose name and email the checklist has: the chosen, the picked and every loaded page. */
  known: Person[];
  /** The loaded pages of the list shown: everyone, or the server's answer to the search. */
  list: Person[];
  /** The search, trimmed and lower-case ('' for none). */
  typed: string;
  /** The list is everyone, searched here (the whole organization is loaded); false: the server searched it. */
  filterList: boolean;
}

/**
 * The checklist's rows, each person once: those chosen when it opened, then those ticked since
 * whom the list does not hold (found by an earlier search), then the rest of the list. Ticking or
 * unticking moves no row, and a person ticked from a search keeps a row after it is cleared.
 */
export function checklistRows({ firstChosen, pickedSince, known, list, typed, filterList }: ChecklistRowsInput): Person[] {
  const byId = new Map(known.map((person) => [person.id, person]));
  const listed = new Set(list.map((person) => person.id));
  const fits = (person: Person) => typed === '' || personMatches(person, typed);
  const rows: Person[] = [];
  const placed = new Set<string>();
  const place = (person: Person | undefined, filter = true) => {
    if (!person || placed.has(person.id) || (filter && !fits(person))) return;
    placed.add(person.id);
    rows.push(person);
  };
  for (const id of firstChosen) place(byId.get(id));
  for (const id of pickedSince) if (!listed.has(id)) place(byId.get(id));
  // The server's answer to a search is shown as it came: it may match words the names do not hold as typed.
  for (const person of list) place(person, filterList);
  return rows;
}
