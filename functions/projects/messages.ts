import { PROJECT_STATUS_LABELS } from '../../shared/project-statuses';
import type { NotificationMessage } from '../events/change-event';
import type { ProjectItem } from './item';

export const PROJECT_NOT_FOUND = 'Project not found';
export const PROJECT_BUSY = 'The project was changed by someone else at the same time. Please try again.';

const projectLink = (projectId: string) => `/projects/${projectId}`;

export const addedToProjectMessage = (project: Pick<ProjectItem, 'id' | 'name'>): NotificationMessage => ({
  title: 'Added to project',
  content: `You were added to the project "${project.name}".`,
  linkUrl: projectLink(project.id),
});

export const statusChangedMessage = (project: Pick<ProjectItem, 'id' | 'name' | 'status'>): NotificationMessage => ({
  title: 'Project status changed',
  content: `The project "${project.name}" is now ${PROJECT_STATUS_LABELS[project.status] ?? project.status}.`,
  linkUrl: projectLink(project.id),
  digest: 'status',
});
