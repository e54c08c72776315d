import { describe } from 'vitest';
import { pinBuilders } from '../../test/support/pinned-keys';
import { automationCollections, automationKeys } from './keys';

describe('the key strings stored items carry', () => {
  pinBuilders('automationKeys', automationKeys, {
    rule: [['o1', 'r1'], { PK: 'ORG#o1#AUTOMATIONS', SK: 'RULE#r1' }],
    match: [
      ['o1', 'PROJECT#p1', 'project.created', 'r1'],
      { PK: 'ORG#o1#AUTOMATIONS', SK: 'MATCH#PROJECT#p1#project.created#r1' },
    ],
    scopeCount: [['o1', 'ORGANIZATION'], { PK: 'ORG#o1#AUTOMATIONS', SK: 'COUNT#ORGANIZATION' }],
    budget: [['o1', '2026-12-03T10:15'], { PK: 'ORG#o1#AUTOMATIONS', SK: 'RUNS#2026-12-03T10:15' }],
    dueSoonRules: [['o1'], { PK: 'DUE_SOON_RULES#', SK: 'ORG#o1' }],
    run: [['o1', 'r1', 'e1'], { PK: 'ORG#o1#AUTOMATION#r1', SK: 'RUN#e1' }],
  });
  pinBuilders('automationCollections', automationCollections, {
    rulesOfScope: [['o1', 'ORGANIZATION'], { PK: 'ORG#o1#AUTOMATIONS', prefix: 'MATCH#ORGANIZATION#' }],
    rulesOfTrigger: [
      ['o1', 'PROJECT#p1', 'comment.created'],
      { PK: 'ORG#o1#AUTOMATIONS', prefix: 'MATCH#PROJECT#p1#comment.created#' },
    ],
    dueSoonRules: [[], { PK: 'DUE_SOON_RULES#', prefix: 'ORG#' }],
    runsOfRule: [['o1', 'r1'], { PK: 'ORG#o1#AUTOMATION#r1', prefix: 'RUN#' }],
  });
});
