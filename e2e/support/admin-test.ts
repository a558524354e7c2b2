import { type APIRequestContext, test as base } from '@playwright/test';

/**
 * Playwright's test with `admin`: a request context of the test's own on the app, signed in by what uses it
 * (newTechnicianOrder, technicianOnNewOrder), disposed after the test.
 */
export const test = base.extend<{ admin: APIRequestContext }>({
  admin: async ({ playwright, baseURL }, use) => {
    const admin = await playwright.request.newContext({ baseURL });
    await use(admin);
    await admin.dispose();
  },
});
