import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const BIN = '/usr/lib/postgresql/15/bin';

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * A PostgreSQL 15 cluster of its own, in a temporary folder on a free port, for tests that stop the
 * database or create roles: the machine's shared server on 5432 is never touched. PostgreSQL refuses
 * to run as root, so as root the commands run as the `postgres` user.
 */
export async function startThrowawayCluster() {
  const dir = mkdtempSync(path.join(tmpdir(), 'ov-pg-'));
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString());
    chownSync(dir, uid, gid);
  }
  const run = (bin: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(BIN, bin), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(BIN, bin), args, { stdio: 'pipe' });
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start() {
      run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
    },
    /** `immediate`: as if the server crashed or the machine lost power. */
    stop(mode: 'immediate' | 'fast' = 'immediate') {
      run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
    },
    destroy() {
      try {
        cluster.stop('immediate');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}
export type ThrowawayCluster = Awaited<ReturnType<typeof startThrowawayCluster>>;
