// The step before the end-to-end tests, on made-up machines: PATH and CHROMIUM_PATH point at
// temporary directories; apt-get and Playwright's installer are small scripts that install (or fail
// to install) a stand-in Chromium there, and record how they were called.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ChromiumMissing,
  chromiumStarts,
  type EnsureOptions,
  ensureChromium,
  ensureHeadlessShell,
  findChromium,
  findHeadlessShell,
} from './find-chromium';

let dir: string;
let bin: string;
let calls: string;
let playwrightPath: string;

function script(file: string, body: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `#!/bin/sh\n${body}\n`, { mode: 0o755 });
  return file;
}
/** A stand-in Chromium that answers --version. */
const chromiumScript = (file: string) => script(file, 'echo "Chromium 140.0 stand-in"');

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'find-chromium-'));
  bin = path.join(dir, 'bin');
  fs.mkdirSync(bin);
  calls = path.join(dir, 'calls.txt');
  playwrightPath = path.join(dir, 'ms-playwright', 'chromium-1', 'chrome-linux', 'chrome');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A machine whose PATH is only `bin` (plus what the test adds), with no Chromium anywhere. */
function machine(over: Partial<EnsureOptions> = {}) {
  const log: string[] = [];
  const opts: EnsureOptions = {
    env: { PATH: bin },
    root: false,
    playwrightPath: async () => playwrightPath,
    playwrightInstall: [script(path.join(dir, 'pw-install'), `echo "playwright $*" >> ${calls}; exit 1`)],
    log: (line) => log.push(line),
    ...over,
  };
  return { opts, log };
}

const recorded = () => (fs.existsSync(calls) ? fs.readFileSync(calls, 'utf8').trim().split('\n') : []);

describe('findChromium', () => {
  it('takes CHROMIUM_PATH first, then a chromium on PATH, then Playwright’s download', () => {
    const onPath = chromiumScript(path.join(bin, 'chromium'));
    const setting = chromiumScript(path.join(dir, 'elsewhere', 'chrome'));
    chromiumScript(playwrightPath);
    expect(findChromium({ PATH: bin, CHROMIUM_PATH: setting }, playwrightPath)).toEqual({
      path: setting,
      source: 'CHROMIUM_PATH',
    });
    expect(findChromium({ PATH: `/nonexistent${path.delimiter}${bin}` }, playwrightPath)).toEqual({
      path: onPath,
      source: 'chromium on PATH',
    });
    expect(findChromium({ PATH: '/nonexistent' }, playwrightPath)).toEqual({
      path: playwrightPath,
      source: "Playwright's download",
    });
  });

  it('finds nothing on a machine without Chromium, and ignores a file that is not executable', () => {
    fs.writeFileSync(path.join(bin, 'chromium'), 'not a program', { mode: 0o644 });
    expect(findChromium({ PATH: bin }, playwrightPath)).toBeNull();
    expect(findChromium({ PATH: bin }, undefined)).toBeNull();
  });

  it('stops with one sentence when CHROMIUM_PATH names no executable, rather than using another', () => {
    chromiumScript(path.join(bin, 'chromium'));
    const missing = path.join(dir, 'no-such-chrome');
    expect(() => findChromium({ PATH: bin, CHROMIUM_PATH: missing }, undefined)).toThrow(ChromiumMissing);
    expect(() => findChromium({ PATH: bin, CHROMIUM_PATH: missing }, undefined)).toThrow(
      `CHROMIUM_PATH is ${missing}, which is not an executable file: point it at a Chromium or run \`unset CHROMIUM_PATH\`.`,
    );
  });
});

describe('ensureChromium', () => {
  it('uses the Chromium there is and installs nothing', async () => {
    const found = chromiumScript(path.join(bin, 'chromium'));
    const { opts, log } = machine({ root: true });
    script(path.join(bin, 'apt-get'), `echo "apt-get $*" >> ${calls}`);
    expect(await ensureChromium(opts)).toEqual({ path: found, source: 'chromium on PATH' });
    expect(recorded()).toEqual([]);
    expect(log).toEqual([]);
  });

  it('as root with apt-get: installs Debian’s chromium package and says so', async () => {
    const { opts, log } = machine({ root: true });
    const standIn = chromiumScript(path.join(dir, 'package', 'chromium'));
    script(
      path.join(bin, 'apt-get'),
      `echo "apt-get $* DEBIAN_FRONTEND=$DEBIAN_FRONTEND" >> ${calls}\n[ "$1" = install ] && /bin/cp ${standIn} ${bin}/chromium\nexit 0`,
    );
    expect(await ensureChromium(opts)).toEqual({ path: path.join(bin, 'chromium'), source: 'chromium on PATH' });
    expect(recorded()).toEqual([
      'apt-get update -qq DEBIAN_FRONTEND=noninteractive',
      'apt-get install -y -qq chromium DEBIAN_FRONTEND=noninteractive',
    ]);
    expect(log).toEqual(['No Chromium found: installing Debian\'s "chromium" package (apt-get install chromium)…']);
  });

  it('not root: runs Playwright’s installer (apt-get untouched) and uses its download', async () => {
    script(path.join(bin, 'apt-get'), `echo "apt-get $*" >> ${calls}`);
    const standIn = chromiumScript(path.join(dir, 'download', 'chrome'));
    const installer = script(
      path.join(dir, 'pw-ok'),
      `echo "playwright $*" >> ${calls}\n/bin/mkdir -p ${path.dirname(playwrightPath)} && /bin/cp ${standIn} ${playwrightPath}`,
    );
    const { opts, log } = machine({ playwrightInstall: [installer, 'install', '--no-shell', 'chromium'] });
    expect(await ensureChromium(opts)).toEqual({ path: playwrightPath, source: "Playwright's download" });
    expect(recorded()).toEqual(['playwright install --no-shell chromium']);
    expect(log).toEqual(["No Chromium found: installing Playwright's (npx playwright install --no-shell chromium)…"]);
  });

  it('as root whose apt-get fails: tries Playwright’s installer, then stops naming the apt-get command', async () => {
    script(path.join(bin, 'apt-get'), `echo "apt-get $*" >> ${calls}; exit 100`);
    const { opts, log } = machine({ root: true });
    await expect(ensureChromium(opts)).rejects.toThrow(
      new ChromiumMissing(
        'No Chromium for the end-to-end tests and none could be installed: run `sudo apt-get install chromium` (or set CHROMIUM_PATH to a Chromium), then `npm test` again.',
      ),
    );
    expect(recorded()).toEqual(['apt-get update -qq', 'playwright']);
    expect(log).toEqual([
      'No Chromium found: installing Debian\'s "chromium" package (apt-get install chromium)…',
      "apt-get gave no Chromium: trying Playwright's installer…",
    ]);
  });

  it('without apt-get and without a download: stops at once naming Playwright’s installer', async () => {
    const { opts } = machine();
    const started = Date.now();
    const err = await ensureChromium(opts).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChromiumMissing);
    const sentence = (err as Error).message;
    expect(sentence).toBe(
      'No Chromium for the end-to-end tests and none could be downloaded: run `npx playwright install chromium` where it can download (or set CHROMIUM_PATH to a Chromium), then `npm test` again.',
    );
    expect(sentence.split(/[.:] [A-Z]/)).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('the headless shell', () => {
  it('takes CHROMIUM_HEADLESS_SHELL_PATH first, then chromium-headless-shell on PATH; a setting that names nothing stops', () => {
    const onPath = chromiumScript(path.join(bin, 'chromium-headless-shell'));
    const setting = chromiumScript(path.join(dir, 'elsewhere', 'headless_shell'));
    expect(findHeadlessShell({ PATH: bin, CHROMIUM_HEADLESS_SHELL_PATH: setting })).toEqual({
      path: setting,
      source: 'CHROMIUM_HEADLESS_SHELL_PATH',
    });
    expect(findHeadlessShell({ PATH: bin })).toEqual({ path: onPath, source: 'chromium-headless-shell on PATH' });
    expect(findHeadlessShell({ PATH: path.join(dir, 'empty') })).toBeNull();
    expect(() => findHeadlessShell({ PATH: bin, CHROMIUM_HEADLESS_SHELL_PATH: path.join(dir, 'none') })).toThrow(ChromiumMissing);
  });

  it('as root with apt-get: installs Debian’s chromium-headless-shell package once, and then finds it', async () => {
    const { opts, log } = machine({ root: true });
    const standIn = chromiumScript(path.join(dir, 'package', 'chromium-headless-shell'));
    script(
      path.join(bin, 'apt-get'),
      `echo "apt-get $*" >> ${calls}\n[ "$1" = install ] && /bin/cp ${standIn} ${bin}/chromium-headless-shell\nexit 0`,
    );
    const shell = path.join(bin, 'chromium-headless-shell');
    expect(await ensureHeadlessShell(opts)).toEqual({ path: shell, source: 'chromium-headless-shell on PATH' });
    expect(await ensureHeadlessShell(opts)).toEqual({ path: shell, source: 'chromium-headless-shell on PATH' });
    expect(recorded()).toEqual(['apt-get update -qq', 'apt-get install -y -qq chromium-headless-shell']);
    expect(log).toEqual([
      'No Chromium headless shell found: installing Debian\'s "chromium-headless-shell" package (apt-get install chromium-headless-shell)…',
    ]);
  });

  it('not root, or when apt-get gives none: no shell, said in one line, and the tests run in the full Chromium', async () => {
    script(path.join(bin, 'apt-get'), `echo "apt-get $*" >> ${calls}; exit 100`);
    const user = machine();
    expect(await ensureHeadlessShell(user.opts)).toBeNull();
    expect(recorded()).toEqual([]);
    const root = machine({ root: true });
    expect(await ensureHeadlessShell(root.opts)).toBeNull();
    expect(recorded()).toEqual(['apt-get update -qq']);
    for (const { log } of [user, root]) {
      expect(log.at(-1)).toBe('No Chromium headless shell: every end-to-end test runs in the full Chromium (slower).');
    }
  });
});

describe('chromiumStarts', () => {
  it('answers the version of a Chromium that starts, and the loader’s error of one that cannot', () => {
    const good = chromiumScript(path.join(bin, 'chromium'));
    expect(chromiumStarts({ path: good, source: 'x' })).toEqual({ ok: true, version: 'Chromium 140.0 stand-in' });
    const broken = script(
      path.join(dir, 'broken', 'chrome'),
      'echo "chrome: error while loading shared libraries: libnss3.so: cannot open shared object file" >&2; exit 127',
    );
    expect(chromiumStarts({ path: broken, source: 'x' })).toEqual({
      ok: false,
      error: 'chrome: error while loading shared libraries: libnss3.so: cannot open shared object file',
    });
  });
});
