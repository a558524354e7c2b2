// `npm run test:e2e` runs this before Playwright: a Chromium is found or installed, or the run stops
// at once with one sentence naming the command to run (never a run of timeouts).
import { ChromiumMissing, chromiumStarts, ensureChromium, ensureHeadlessShell, machineOptions } from './support/find-chromium';

try {
  const options = await machineOptions();
  const chromium = await ensureChromium(options);
  const starts = chromiumStarts(chromium);
  if (!starts.ok) {
    throw new ChromiumMissing(
      `The Chromium at ${chromium.path} (${chromium.source}) does not start (${starts.error}): run \`sudo npx playwright install-deps chromium\` or set CHROMIUM_PATH to another Chromium.`,
    );
  }
  console.log(`Chromium for the end-to-end tests: ${chromium.path} (${chromium.source}), ${starts.version}`);
  const shell = await ensureHeadlessShell(options);
  const shellStarts = shell && chromiumStarts(shell);
  if (shell && shellStarts?.ok)
    console.log(`Most of them run in its headless shell: ${shell.path} (${shell.source}), ${shellStarts.version}`);
  else if (shell) console.log(`The headless shell at ${shell.path} does not start: every test runs in ${chromium.path}.`);
} catch (err) {
  if (!(err instanceof ChromiumMissing)) throw err;
  console.error(err.message);
  process.exit(1);
}
