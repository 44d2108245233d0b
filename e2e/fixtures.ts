import { test as base } from "@playwright/test";
import { whenHydrated } from "./support";

// Everything of Playwright's, with `test` replaced below (a local export shadows the star export).
export * from "@playwright/test";

/**
 * Playwright's `test`, whose `page.goto` of an HTML page returns once React has hydrated it
 * (components/hydration-mark.tsx). On a loaded machine a spec's first click could land on the
 * server-rendered HTML before React attached its handlers, and do nothing: CI once clicked
 * "Import CSV" on the contacts page and no dialog opened. A page that never hydrates is left to
 * the spec's own assertions, which then fail on what is missing.
 */
export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (response?.headers()["content-type"]?.startsWith("text/html")) {
        await whenHydrated(page).catch(() => undefined);
      }
      return response;
    };
    await use(page);
  },
});
