import { requestScoped } from '../observability/request-scope';

/**
 * Which automation run a change was made by, and how deep in a chain of such runs (issue 64): the run
 * sets it around its action, and every change event the action's writes put carries it, so the run
 * its event starts knows its depth and a loop of rules ends (AUTOMATION_DEPTH_MAX).
 */
export interface Causation {
  ruleId: string;
  runId: string;
  /** 1 for a change an automation made on a person's change, 2 for one made on that, … */
  depth: number;
}

const scope = requestScoped<Causation>();

/** Runs `fn` as the automation run `causation` names: the change events its writes put carry it. */
export const withCausation = <R>(causation: Causation, fn: () => Promise<R>) => scope.run(causation, fn);

/** The run the current writes are made by; undefined for a person's request. */
export const currentCausation = () => scope.get();
