import { defineConfig, devices } from '@playwright/test';
import { HEADLESS_CHROMIUM } from './e2e/support/chromium';

// E2E_PORT lets several runs share one machine.
const PORT = Number(process.env.E2E_PORT ?? 3100);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'pt-BR',
    screenshot: 'only-on-failure',
    // A trace records every step's screenshots (a third of the suite's CPU when kept for every test): only on CI's retry.
    trace: 'on-first-retry',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: HEADLESS_CHROMIUM,
      },
    },
  ],
  // The real server on a fresh database (with the built web app from apps/web/dist).
  webServer: {
    command: 'node e2e/start-server.mjs',
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // SIGTERM, not Playwright's default SIGKILL: the server then stops its embedded PostgreSQL.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
