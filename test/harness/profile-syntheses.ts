import { recordProfileEvent } from '../../infra/local/profile-events';

/**
 * Setup file of the infra tests: counts their CDK syntheses for the test profile when .ci/run sets
 * GROWTHWISE_PROFILE_FILE. Every real synthesis of an app, however a test starts it (synth(),
 * Template.fromStack), counts once; a second synth() answering from the app's cache does not.
 */
if (process.env.GROWTHWISE_PROFILE_FILE) {
  const { Stage } = await import('aws-cdk-lib');
  // Each test file runs this again, in a worker that may keep aws-cdk-lib loaded: wrap synth() once.
  const wrapped = Symbol.for('growthwise:profile-syntheses');
  const prototype = Stage.prototype as typeof Stage.prototype & { [wrapped]?: true };
  if (!prototype[wrapped]) {
    prototype[wrapped] = true;
    const synth = prototype.synth;
    prototype.synth = function (this: InstanceType<typeof Stage>, ...args: Parameters<typeof synth>) {
      // What a previous synth() cached (a private field of Stage): returned again, nothing was synthesized.
      const before = (this as unknown as { assembly?: unknown }).assembly;
      const started = performance.now();
      const assembly = synth.apply(this, args);
      if (assembly !== before) recordProfileEvent('cdk-synth', started);
      return assembly;
    };
  }
}
