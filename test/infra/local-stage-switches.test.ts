import { describe, expect, it } from 'vitest';
import { LOCAL_STAGE_SWITCHES } from '../../functions/local-stage';
import { ofType, synthStage } from './synth-stage';

/**
 * functions/local-stage.ts gives a test switch's production value outside the local stage only where it
 * checks the stage (the password cost, the failed-password delay, the x-db-* headers) or the host (the
 * clock's offset, in Lambda). What keeps every switch out of the cloud as well is that
 * no stack sets one: checked here on every function of prod and of a preview.
 */
describe('the test switches', () => {
  it.each(['prod', 'pr-1'])('are in the environment of no function of %s', (stage) => {
    const { stage: template, shared } = synthStage(stage);
    const environments = [template, shared].flatMap((stack) =>
      ofType(stack, 'AWS::Lambda::Function').map(([id, resource]) => ({
        id,
        variables: (resource.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {},
      })),
    );
    // The handlers' environments were read: each names its stage.
    expect(environments.filter(({ variables }) => variables.STAGE === stage).length).toBeGreaterThan(50);
    const found = environments.flatMap(({ id, variables }) =>
      LOCAL_STAGE_SWITCHES.filter((name) => name in variables).map((name) => `${id}: ${name}`),
    );
    expect(found).toEqual([]);
  });
});
