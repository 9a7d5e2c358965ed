/**
 * A real `npm start` (bff/server/cli/start.ts) as a child process on a free loopback port, for the
 * tests that need a whole process: several instances on one database, a kill -9, a SIGTERM.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { freePort } from '../server/store/embedded-postgres';
import { childEnv } from './env';

export type BffProcess = {
  url: string;
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output: string[];
  /** Its exit code once it ended (null: ended by a signal). */
  exited: Promise<number | null>;
};

/** Starts it with `env` over this process's environment; resolves once it listens. */
export async function startBffProcess(env: Record<string, string | undefined>): Promise<BffProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'bff/server/cli/start.ts'], {
    env: childEnv({ PORT: String(port), HOST: '127.0.0.1', SKIP_WEB_BUILD: '1', ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output.push(chunk.toString());
      if (output.join('').includes('List Builder on http://')) resolve();
    });
    child.stderr!.on('data', (c: Buffer) => output.push(c.toString()));
    void exited.then((code) => reject(new Error(`the BFF exited (${code}): ${output.join('')}`)));
  });
  return { url: `http://127.0.0.1:${port}`, child, output, exited };
}
