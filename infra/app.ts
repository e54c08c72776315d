import { existsSync } from 'node:fs';
import path from 'node:path';
import { App, CliCredentialsStackSynthesizer, DefaultStackSynthesizer, Validations } from 'aws-cdk-lib';
import { ManagedPolicy, PermissionsBoundary } from 'aws-cdk-lib/aws-iam';
import { AwsSolutionsChecks } from 'cdk-nag';
import { BackupCopyStack } from './backup-copy-stack';
import { WEB_ACL_REGION } from './constructs/api-web-acl';
import type { CopyDestination } from './constructs/backups';
import { DeliveryStack, MISSING_REPOSITORY } from './delivery-stack';
import { writeOpenApiDocument } from './openapi/write-openapi-document';
import { EdgeStack, GrowthwiseStack, SharedStack } from './stack';
import {
  ACCOUNTS,
  type AccountName,
  BOOTSTRAP_QUALIFIERS,
  EDGE_STACK_NAME,
  GITHUB_REPOSITORY_FORMAT,
  PREVIEW_BOUNDARY_POLICY,
  SHARED_STACK_NAME,
  stackName,
  type StageConfig,
  stageConfig,
  stagesWithWebAcl,
} from './stages';
import { SPA_HTML_FILES } from './web/spa-fallback';

/**
 * The CDK app, and the only place that reads context and environment:
 * `npx cdk deploy -c stage=NAME Growthwise-NAME` deploys stage NAME. A stage goes to its account
 * (`ACCOUNTS` in infra/stages.ts; unset: the account of the credentials in use) through its account's
 * bootstrap: prod through CDK's default one, previews and dev through the preview bootstrap, whose
 * roles cannot touch prod. Synthesis needs no AWS credentials.
 */
export function buildApp(
  app: App = new App(),
  webRoot: string | null = findWebBuild(),
  accounts: Record<AccountName, string | null> = ACCOUNTS,
): App {
  const stage = String(app.node.tryGetContext('stage') ?? 'dev');
  const config = stageConfig(stage);
  const account = accounts[config.account];
  const target = {
    env: account ? { account } : undefined,
    synthesizer: new DefaultStackSynthesizer({ qualifier: BOOTSTRAP_QUALIFIERS[config.account] }),
  };

  new SharedStack(app, SHARED_STACK_NAME, {
    ...target,
    description: 'Growthwise: CloudFront function and response headers policy shared by every stage',
  });
  if (stagesWithWebAcl().length > 0) {
    new EdgeStack(app, EDGE_STACK_NAME, {
      env: { account: accounts.prod ?? undefined, region: WEB_ACL_REGION },
      synthesizer: new DefaultStackSynthesizer({ qualifier: BOOTSTRAP_QUALIFIERS.prod }),
      description: "Growthwise: the web ACLs of the stages' CloudFront distributions (us-east-1, prod account)",
    });
  }
  const backupCopies = addBackupCopyStacks(app, stage, config, accounts);
  const stageStack = new GrowthwiseStack(app, stackName(stage), {
    ...target,
    stage,
    config,
    backupCopies,
    webRoot: webRoot ?? undefined,
    description: `Growthwise stage ${stage}`,
  });
  if (config.account === 'preview') {
    // Every role a preview creates carries the preview boundary, which denies anything of prod.
    PermissionsBoundary.of(stageStack).apply(
      ManagedPolicy.fromManagedPolicyName(stageStack, 'PreviewBoundary', PREVIEW_BOUNDARY_POLICY),
    );
  }
  const repository = githubRepository(app);
  if (repository !== null || String(app.node.tryGetContext(DELIVERY_CONTEXT)) === 'true')
    addDeliveryStacks(app, accounts, repository);
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return app;
}

/** The stack holding a stage's backup copies in its copy region (of the stage's account). */
export const backupCopyStackName = (stage: string) => `${stackName(stage)}-backup-copies`;
/** The stack holding them in the other account, where ACCOUNTS names both apart. */
export const offsiteCopyStackName = (stage: string) => `${stackName(stage)}-backup-copies-offsite`;

/**
 * The vaults a stage's backups are copied into, each in a stack of its own (a vault must be in the
 * region and account it holds copies for), deployed with that account's bootstrap in the copy region.
 */
function addBackupCopyStacks(
  app: App,
  stage: string,
  config: StageConfig,
  accounts: Record<AccountName, string | null>,
): CopyDestination[] {
  const backup = config.backup;
  if (!backup) return [];
  // A copy in the stage's own region survives nothing a region loss takes.
  if (process.env.CDK_DEFAULT_REGION === backup.copyRegion) {
    throw new Error(
      `Stage ${stage}: backup.copyRegion (infra/stages.ts) is ${backup.copyRegion}, the region being deployed to; choose another region for the copies.`,
    );
  }
  const own = accounts[config.account];
  const stackFor = (id: string, account: AccountName, copiesFrom?: string) =>
    new BackupCopyStack(app, id, {
      env: { account: accounts[account] ?? undefined, region: backup.copyRegion },
      // The stage's account: deployed by its workflow through its bootstrap (in the copy region too).
      // The other one: deployed once by hand with that account's credentials, as the delivery stacks are.
      synthesizer: copiesFrom
        ? new CliCredentialsStackSynthesizer()
        : new DefaultStackSynthesizer({ qualifier: BOOTSTRAP_QUALIFIERS[account] }),
      stage,
      lock: backup.lock,
      copiesFrom,
      description: `Growthwise: the vault of stage ${stage}'s backup copies (${backup.copyRegion})`,
    });
  stackFor(backupCopyStackName(stage), config.account);
  const destinations: CopyDestination[] = [{ account: null, region: backup.copyRegion }];
  const other = backup.copyAccount ? accounts[backup.copyAccount] : null;
  if (backup.copyAccount && own && other && other !== own) {
    stackFor(offsiteCopyStackName(stage), backup.copyAccount, own);
    destinations.push({ account: other, region: backup.copyRegion });
  }
  return destinations;
}

/**
 * `-c delivery=true` asks for the delivery stack where no repository is configured, to hear what to
 * set: without a repository it is left out, so a plain `cdk synth` of a fresh clone synthesizes the
 * stages (the stack is deployed once, by hand, after the repository is named: README "Deploy").
 */
export const DELIVERY_CONTEXT = 'delivery';

/**
 * The GitHub roles of each account, deployed once by hand with the account's own credentials (no
 * bootstrap needed): one stack per account when prod and previews live apart, else one for both.
 */
function addDeliveryStacks(app: App, accounts: Record<AccountName, string | null>, repository: string | null) {
  const synthesizer = () => new CliCredentialsStackSynthesizer();
  const description = 'Growthwise: the GitHub Actions roles of this account (deployed by hand once)';
  if (accounts.prod && accounts.preview && accounts.prod !== accounts.preview) {
    for (const name of ['prod', 'preview'] as const) {
      new DeliveryStack(app, `Growthwise-delivery-${name}`, {
        env: { account: accounts[name]! },
        synthesizer: synthesizer(),
        holds: [name],
        repository,
        description,
      });
    }
  } else {
    const account = accounts.prod ?? accounts.preview;
    new DeliveryStack(app, 'Growthwise-delivery', {
      env: account ? { account } : undefined,
      synthesizer: synthesizer(),
      holds: ['prod', 'preview'],
      repository,
      description,
    });
  }
}

/**
 * The repository whose workflows the GitHub roles trust: context `githubRepository` (cdk.json or
 * `-c`), else GITHUB_REPOSITORY (GitHub Actions sets it). Null when neither: the delivery stack is then
 * left out, or refuses to synthesize where asked for (infra/delivery-stack.ts); the stage stacks do not need it.
 */
function githubRepository(app: App): string | null {
  const fromContext: unknown = app.node.tryGetContext('githubRepository');
  const value = typeof fromContext === 'string' && fromContext !== '' ? fromContext : process.env.GITHUB_REPOSITORY || null;
  if (value !== null && !GITHUB_REPOSITORY_FORMAT.test(value)) {
    throw new Error(
      `Invalid GitHub repository "${value}" (context githubRepository or GITHUB_REPOSITORY): expected owner/name, e.g. acme/growthwise.`,
    );
  }
  return value;
}

/**
 * The web build (web/dist), if there is a complete one (every HTML file the SPA function answers
 * with): without it the stage gets a placeholder page.
 */
function findWebBuild(): string | null {
  const webDist = path.resolve(import.meta.dirname, '../web/dist');
  return SPA_HTML_FILES.every((file) => existsSync(path.join(webDist, file))) ? webDist : null;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  // Before the stack is built: the OpenAPI route's function bundles the document (docs/decisions/115).
  await writeOpenApiDocument();
  const app = buildApp();
  // Else `cdk deploy Growthwise-delivery` would only answer that no stack matches.
  if (!app.node.children.some((child) => child instanceof DeliveryStack))
    console.error(`Growthwise-delivery is left out. ${MISSING_REPOSITORY}`);
  app.synth();
}
