import { describe, expect, it } from 'vitest';
import { AUTOMATION_ACTION_TYPES, AUTOMATION_TRIGGER_TYPES, automationAction, automationTrigger } from './automations';

describe('automation schemas', () => {
  it("name every trigger and action type in their refusals' messages", () => {
    const triggerMessage = automationTrigger.safeParse({ type: 'nope' }).error?.issues[0]?.message;
    expect(triggerMessage).toBe(`Trigger must be one of ${AUTOMATION_TRIGGER_TYPES.join(', ')}`);
    const actionMessage = automationAction.safeParse({ type: 'nope' }).error?.issues[0]?.message;
    expect(actionMessage).toBe(`Action must be one of ${AUTOMATION_ACTION_TYPES.join(', ')}`);
  });

  it('takes a due-soon trigger of 1 to 30 days only', () => {
    expect(automationTrigger.safeParse({ type: 'project.due_soon', days: 3 }).success).toBe(true);
    for (const days of [0, 31, 2.5]) expect(automationTrigger.safeParse({ type: 'project.due_soon', days }).success).toBe(false);
  });
});
