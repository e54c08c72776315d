import { spawnSync } from 'node:child_process';
import { open, stat } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';

/** A reason `npm start` cannot start, said in one sentence with the command that fixes it. */
export class PrerequisiteError extends Error {
  override name = 'PrerequisiteError';
}

const MIN_JAVA = 17;
const MIN_NODE = [20, 19] as const;

/**
 * What `npm start` checks before it starts anything: Node, Java for DynamoDB Local, the port, and
 * the persistent data. Throws a PrerequisiteError on the first problem found.
 */
export async function checkPrerequisites(options: { port: number; dataDir?: string }) {
  checkNode();
  checkJava();
  await checkPort(options.port);
  if (options.dataDir) await checkData(options.dataDir);
}

function checkNode() {
  const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
  if (major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1])) return;
  throw new PrerequisiteError(
    `Growthwise needs Node.js ${MIN_NODE.join('.')} or newer and this is ${process.versions.node}: install the current LTS from https://nodejs.org (or run \`nvm install --lts\`), then \`npm ci && npm start\` again.`,
  );
}

const INSTALL_JAVA =
  'install it with `sudo apt-get install openjdk-17-jre-headless` (Debian, Ubuntu), `brew install openjdk@17` (macOS) or `winget install Microsoft.OpenJDK.17` (Windows), then run `npm start` again.';

function checkJava() {
  // `java -version` writes to stderr; the first line names the version ("17.0.15", "1.8.0_392").
  const probe = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (probe.error) {
    throw new PrerequisiteError(
      `DynamoDB Local needs Java ${MIN_JAVA} or newer and no \`java\` was found on your PATH: ${INSTALL_JAVA}`,
    );
  }
  const version = /version "(\d+)(?:\.(\d+))?/.exec(`${probe.stderr}${probe.stdout}`);
  const major = version ? (version[1] === '1' ? Number(version[2]) : Number(version[1])) : undefined;
  if (major === undefined || major < MIN_JAVA) {
    const found = major === undefined ? 'a `java` whose version could not be read' : `Java ${major}`;
    throw new PrerequisiteError(`DynamoDB Local needs Java ${MIN_JAVA} or newer and your PATH has ${found}: ${INSTALL_JAVA}`);
  }
}

function checkPort(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => {
      const next = port + 1;
      reject(
        new PrerequisiteError(
          error.code === 'EACCES'
            ? `Port ${port} needs administrator rights on this machine: choose a port above 1023, e.g. \`PORT=3000 npm start\`.`
            : `Port ${port} is already in use (another \`npm start\`, or another server): stop that program, or choose another port with \`PORT=${next} npm start\`.`,
        ),
      );
    });
    // The same address the emulator listens on (every interface, both families).
    server.listen(port, () => server.close(() => resolve()));
  });
}

/** DynamoDB Local keeps its data in one SQLite file; anything else under that name cannot be opened. */
const SQLITE_HEADER = 'SQLite format 3\0';

async function checkData(dataDir: string) {
  const relative = path.relative(process.cwd(), dataDir) || dataDir;
  const fresh = `To start fresh (this deletes the local data): \`rm -rf ${relative}\` and \`npm start\` again, or try \`npm start -- --in-memory\`.`;
  const folder = await stat(dataDir).catch(() => undefined);
  if (folder && !folder.isDirectory()) {
    throw new PrerequisiteError(`The local data folder ${relative} is a file, not a folder. ${fresh}`);
  }
  const database = path.join(dataDir, 'dynamodb', 'shared-local-instance.db');
  const header = await readStart(database, SQLITE_HEADER.length);
  if (header === undefined || header.length === 0) return;
  if (header.toString('latin1') !== SQLITE_HEADER) {
    throw new PrerequisiteError(
      `The local database ${path.relative(process.cwd(), database)} is damaged and DynamoDB Local cannot open it. ${fresh}`,
    );
  }
}

async function readStart(file: string, bytes: number): Promise<Buffer | undefined> {
  const handle = await open(file, 'r').catch(() => undefined);
  if (!handle) return undefined;
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}
