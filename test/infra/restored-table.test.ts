import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { describe, expect, it } from 'vitest';
import { GrowthwiseStack } from '../../infra/stack';
import { type RestoredTable, stackName, stages } from '../../infra/stages';
import { type Resources, ofType, resourcesOf, synthStage } from './synth-stage';

const RESTORED: RestoredTable = {
  tableName: 'Growthwise-prod-restored-2026-11-26',
  streamArn: 'arn:aws:dynamodb:eu-west-1:123456789012:table/Growthwise-prod-restored-2026-11-26/stream/2026-11-26T20:00:00.000',
};

/** Prod as `cdk synth` builds it, with the stage's settings naming a restored table (no handler bundling). */
function synthProdOn(restoredTable: RestoredTable) {
  const app = new App({ context: { stage: 'prod', 'aws:cdk:bundling-stacks': [] } });
  const stack = new GrowthwiseStack(app, stackName('prod'), {
    stage: 'prod',
    config: { ...stages.prod, restoredTable },
    backupCopies: [],
    webRoot: undefined,
  });
  return { app, template: Template.fromStack(stack) };
}

type Statement = { Action: string | string[]; Resource: unknown };
const dynamoDbStatements = (resources: Resources) =>
  Object.values(resources)
    .filter((resource) => resource.Type === 'AWS::IAM::Policy')
    .flatMap((policy) => (policy.Properties!.PolicyDocument as { Statement: Statement[] }).Statement)
    // dynamodb:ListStreams takes no resource ("*").
    .filter((statement) =>
      [statement.Action].flat().some((action) => action.startsWith('dynamodb:') && action !== 'dynamodb:ListStreams'),
    );

describe('the stage on a restored table (docs/runbook.md, "Restore the table", step 3; docs/decisions/071)', () => {
  const { app, template } = synthProdOn(RESTORED);
  const resources = resourcesOf(template);
  const prodAsIs = resourcesOf(synthStage('prod').stage);
  const [ownTableId, ownTable] = Object.entries(prodAsIs).find(([, resource]) => resource.Type === 'AWS::DynamoDB::Table')!;

  it("keeps the stack's own table in the template unchanged: retained, never replaced or deleted by the deployment", () => {
    expect(ofType(template, 'AWS::DynamoDB::Table')).toEqual([[ownTableId, ownTable]]);
    expect(ownTable.DeletionPolicy).toBe('Retain');
    expect(ownTable.UpdateReplacePolicy).toBe('Retain');
  });

  it('gives every function that uses the table the restored table by name, and nothing refers to the own table any more', () => {
    const withTable = ofType(template, 'AWS::Lambda::Function').filter(
      ([, fn]) =>
        (fn.Properties?.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.TABLE_NAME !== undefined,
    );
    // The route functions, the mailer, its sweeper, the fan-out and the daily jobs: as many as on the own table.
    const before = ofType(synthStage('prod').stage, 'AWS::Lambda::Function').filter(([, fn]) =>
      JSON.stringify(fn.Properties?.Environment ?? {}).includes('TABLE_NAME'),
    );
    expect(withTable.length).toBe(before.length);
    expect(withTable.length).toBeGreaterThan(10);
    for (const [id, fn] of withTable)
      expect((fn.Properties!.Environment as { Variables: Record<string, unknown> }).Variables.TABLE_NAME, id).toBe(
        RESTORED.tableName,
      );
    const { [ownTableId]: _own, ...rest } = resources;
    expect(JSON.stringify(rest)).not.toContain(ownTableId);
    expect(JSON.stringify(template.toJSON().Outputs)).toContain(RESTORED.tableName);
  });

  it("grants the functions' table rights on the restored table and its indexes only", () => {
    const statements = dynamoDbStatements(resources);
    expect(statements.length).toBeGreaterThanOrEqual(dynamoDbStatements(prodAsIs).length);
    for (const statement of statements) {
      for (const resource of [statement.Resource].flat()) {
        const arn = JSON.stringify(resource);
        expect(arn).toMatch(new RegExp(`table/${RESTORED.tableName}(/index/[\\w*]+|/stream/[\\w:.-]+)?"`));
      }
    }
  });

  it("points the stream's readers (the mailer, the change bus's Pipe) at the restored table's stream", () => {
    const fromStream = (stage: typeof template) =>
      ofType(stage, 'AWS::Lambda::EventSourceMapping').filter(
        ([, mapping]) => !JSON.stringify(mapping.Properties?.EventSourceArn).includes('Queue'),
      );
    const mappings = fromStream(template);
    expect(mappings.length).toBe(fromStream(synthStage('prod').stage).length);
    expect(mappings.length).toBeGreaterThanOrEqual(1);
    for (const [, mapping] of mappings) expect(mapping.Properties?.EventSourceArn).toBe(RESTORED.streamArn);
    const pipes = ofType(template, 'AWS::Pipes::Pipe');
    expect(pipes).toHaveLength(1);
    expect(pipes[0]![1].Properties?.Source).toBe(RESTORED.streamArn);
  });

  it("backs up the restored table, and passes cdk-nag's AwsSolutions pack", () => {
    const selections = ofType(template, 'AWS::Backup::BackupSelection');
    expect(selections.length).toBeGreaterThan(0);
    for (const [, selection] of selections) expect(JSON.stringify(selection.Properties)).toContain(`table/${RESTORED.tableName}`);
    const report = new AwsSolutionsChecks().validateScope(app);
    expect(
      report.violations.map(
        (violation) => `${violation.ruleName}: ${violation.violatingResources.map((r) => r.constructPath).join(', ')}`,
      ),
    ).toEqual([]);
  });

  it("refuses a name outside the stage's (the preview boundary covers Growthwise-prod-* only), naming the setting", () => {
    expect(() =>
      synthProdOn({
        tableName: 'growthwise-prod-restored',
        streamArn: 'arn:aws:dynamodb:eu-west-1:123456789012:table/growthwise-prod-restored/stream/2026-11-26T20:00:00.000',
      }),
    ).toThrow(/restoredTable\.tableName .* must start with "Growthwise-prod-"/);
  });

  it("refuses a stream ARN that is not the restored table's, naming the setting", () => {
    expect(() =>
      synthProdOn({
        ...RESTORED,
        streamArn: 'arn:aws:dynamodb:eu-west-1:123456789012:table/Growthwise-prod-DataTable-1ABC/stream/2026-01-01T00:00:00.000',
      }),
    ).toThrow(/restoredTable\.streamArn .* is not a stream of table Growthwise-prod-restored-2026-11-26/);
  });
});
