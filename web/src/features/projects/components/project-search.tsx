/** Top-bar slot: the projects issue fills it with the Cmd/Ctrl+K projects search. */
export function ProjectSearch() {
  return null;
}
