/** Placeholder until its issue fills it. */
export function ProjectDetailPage() {
  return <h1>Project</h1>;
}
