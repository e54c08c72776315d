/** What the automation routes answer, in the spec's voice. */
export const AUTOMATION_NOT_FOUND = 'Automation not found';
export const TOO_MANY_AUTOMATIONS = (max: number) => `A project or the organization can have at most ${max} automations`;
export const AUTOMATION_PEOPLE_NOT_IN_ORGANIZATION = 'Some of the people chosen are not in your organization';
export const AUTOMATION_BUSY = 'This automation was changed by someone else just now. Please try again.';
