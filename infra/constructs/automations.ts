import type { TableAccess } from './change-consumer';

/**
 * What a run reads and writes (functions/automations/runs.ts), all in the organizations' partitions
 * (`ORG#o`, its automations' `ORG#o#AUTOMATIONS` and runs' `ORG#o#AUTOMATION#r`, the members' own
 * items `ORG#o#MEMBER#u`) but the change events its actions put (`EVENT#e`); the admins a notify
 * action names, from the role index. infra/stack.ts gives them to the automations' ChangeConsumer.
 */
export const AUTOMATIONS_TABLE_ACCESS = [
  {
    actions: [
      'dynamodb:GetItem',
      'dynamodb:BatchGetItem',
      'dynamodb:Query',
      'dynamodb:PutItem',
      'dynamodb:UpdateItem',
      'dynamodb:DeleteItem',
      'dynamodb:ConditionCheckItem',
      'dynamodb:BatchWriteItem',
    ],
    leadingKeys: ['ORG#*'],
  },
  { actions: ['dynamodb:PutItem'], leadingKeys: ['EVENT#*'] },
  { actions: ['dynamodb:Query'], leadingKeys: ['ORG#*'], indexes: ['usersByRole'] },
] as const satisfies readonly TableAccess[];
