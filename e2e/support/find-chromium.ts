// Which Chromium the end-to-end tests use, and how one is installed when the machine has none
// (README.md, "Test it"). `npm run test:e2e` runs e2e/ensure-chromium.ts first; the Playwright
// config asks findChromium() again for the path.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface Chromium {
  path: string;
  /** Where it was found, said in the log. */
  source: string;
}

/** The path of an executable file called `name` in the PATH directories, as the shell finds it. */
export function onPath(name: string, pathVar = process.env.PATH ?? ''): string | undefined {
  for (const dir of pathVar.split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    if (isExecutable(file)) return file;
  }
  return undefined;
}

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Where Playwright's own Chromium is (or would be) downloaded: the @playwright/test package knows. */
export async function playwrightChromiumPath(): Promise<string> {
  const { chromium } = await import('@playwright/test');
  return chromium.executablePath();
}

export class ChromiumMissing extends Error {}

/**
 * The Chromium to use, in this order: the CHROMIUM_PATH setting (which must then be right), a
 * `chromium` on PATH (Debian's package installs /usr/bin/chromium), Playwright's own download.
 * null when there is none; ChromiumMissing when CHROMIUM_PATH names no executable.
 */
export function findChromium(env: NodeJS.ProcessEnv, playwrightPath: string | undefined): Chromium | null {
  const setting = env.CHROMIUM_PATH;
  if (setting) {
    if (isExecutable(setting)) return { path: setting, source: 'CHROMIUM_PATH' };
    throw new ChromiumMissing(
      `CHROMIUM_PATH is ${setting}, which is not an executable file: point it at a Chromium or run \`unset CHROMIUM_PATH\`.`,
    );
  }
  for (const name of ['chromium', 'chromium-browser']) {
    const found = onPath(name, env.PATH);
    if (found) return { path: found, source: `${name} on PATH` };
  }
  if (playwrightPath && isExecutable(playwrightPath)) return { path: playwrightPath, source: "Playwright's download" };
  return null;
}

export interface EnsureOptions {
  env: NodeJS.ProcessEnv;
  /** Running as root, so the system's package manager may be used. */
  root: boolean;
  /** Where Playwright keeps its Chromium (asked again after its installer ran). */
  playwrightPath: () => Promise<string | undefined>;
  /** The command that runs Playwright's installer for Chromium. */
  playwrightInstall: string[];
  log: (line: string) => void;
}

/** The defaults for this machine: the real Playwright, its CLI run by this Node. */
export async function machineOptions(): Promise<EnsureOptions> {
  const { createRequire } = await import('node:module');
  const cli = path.join(path.dirname(createRequire(import.meta.url).resolve('@playwright/test/package.json')), 'cli.js');
  return {
    env: process.env,
    root: process.getuid?.() === 0,
    playwrightPath: playwrightChromiumPath,
    playwrightInstall: [process.execPath, cli, 'install', '--no-shell', 'chromium'],
    log: (line) => console.log(line),
  };
}

function run(command: string[], env: NodeJS.ProcessEnv): boolean {
  const [file, ...args] = command;
  const result = spawnSync(file!, args, { env, stdio: 'inherit', timeout: 15 * 60_000 });
  return result.status === 0;
}

/** Debian's package `name` installed without questions: the package lists brought up to date, then the install. */
function aptInstall(aptGet: string, name: string, env: NodeJS.ProcessEnv): boolean {
  const quiet = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  return run([aptGet, 'update', '-qq'], quiet) && run([aptGet, 'install', '-y', '-qq', name], quiet);
}

/**
 * Finds a Chromium; when there is none, installs one the way this machine allows and says so:
 * Debian's package when running as root with apt-get, else Playwright's installer (which needs to
 * download). When neither gives one, ChromiumMissing with one sentence naming the command to run.
 */
export async function ensureChromium(opts: EnsureOptions): Promise<Chromium> {
  const find = async () => findChromium(opts.env, await opts.playwrightPath());
  const first = await find();
  if (first) return first;

  const aptGet = onPath('apt-get', opts.env.PATH);
  if (opts.root && aptGet) {
    opts.log('No Chromium found: installing Debian\'s "chromium" package (apt-get install chromium)…');
    if (aptInstall(aptGet, 'chromium', opts.env)) {
      const installed = await find();
      if (installed) return installed;
    }
    opts.log("apt-get gave no Chromium: trying Playwright's installer…");
  } else {
    opts.log(`No Chromium found: installing Playwright's (npx playwright install --no-shell chromium)…`);
  }
  if (run(opts.playwrightInstall, opts.env)) {
    const downloaded = await find();
    if (downloaded) return downloaded;
  }
  throw new ChromiumMissing(
    aptGet
      ? 'No Chromium for the end-to-end tests and none could be installed: run `sudo apt-get install chromium` (or set CHROMIUM_PATH to a Chromium), then `npm test` again.'
      : 'No Chromium for the end-to-end tests and none could be downloaded: run `npx playwright install chromium` where it can download (or set CHROMIUM_PATH to a Chromium), then `npm test` again.',
  );
}

/**
 * Chromium's headless shell, the lighter browser most end-to-end tests run in (Playwright's own choice for headless
 * runs): the CHROMIUM_HEADLESS_SHELL_PATH setting, else `chromium-headless-shell` on PATH (Debian's package of that
 * name). It has no PDF viewer, so the specs that look at the viewer run in the full Chromium (e2e/support/chromium.ts).
 */
export function findHeadlessShell(env: NodeJS.ProcessEnv): Chromium | null {
  const setting = env.CHROMIUM_HEADLESS_SHELL_PATH;
  if (setting) {
    if (isExecutable(setting)) return { path: setting, source: 'CHROMIUM_HEADLESS_SHELL_PATH' };
    throw new ChromiumMissing(
      `CHROMIUM_HEADLESS_SHELL_PATH is ${setting}, which is not an executable file: point it at a headless shell or run \`unset CHROMIUM_HEADLESS_SHELL_PATH\`.`,
    );
  }
  const found = onPath('chromium-headless-shell', env.PATH);
  return found ? { path: found, source: 'chromium-headless-shell on PATH' } : null;
}

/**
 * Finds the headless shell; as root with apt-get, installs Debian's package when there is none. Without it (or when
 * the install fails) null, said in one line: every test then runs in the full Chromium, only slower.
 */
export async function ensureHeadlessShell(opts: EnsureOptions): Promise<Chromium | null> {
  const first = findHeadlessShell(opts.env);
  if (first) return first;
  const aptGet = onPath('apt-get', opts.env.PATH);
  if (opts.root && aptGet) {
    opts.log(
      'No Chromium headless shell found: installing Debian\'s "chromium-headless-shell" package (apt-get install chromium-headless-shell)…',
    );
    if (aptInstall(aptGet, 'chromium-headless-shell', opts.env)) {
      const installed = findHeadlessShell(opts.env);
      if (installed) return installed;
    }
  }
  opts.log('No Chromium headless shell: every end-to-end test runs in the full Chromium (slower).');
  return null;
}

/** Whether the Chromium starts at all (its shared libraries present): `chromium --version`. */
export function chromiumStarts(chromium: Chromium): { ok: true; version: string } | { ok: false; error: string } {
  const result = spawnSync(chromium.path, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  if (result.status === 0) return { ok: true, version: result.stdout.trim() };
  const error = result.error?.message ?? (result.stderr.trim().split('\n').pop() || `exit code ${result.status}`);
  return { ok: false, error };
}
