/** Placeholder until its issue fills it. */
export function ProjectsPage() {
  return <h1>Projects</h1>;
}
