import { configDefaults, defineConfig } from "vitest/config"

/** The browser-pool suite needs a Browserless install: `node scripts/test-browserless.mjs` installs it and sets this. */
const pool = process.env["PIAB_BROWSERLESS_DIR"] !== undefined

export default defineConfig({
  test: {
    include: pool ? ["test/pool/**/*.test.ts"] : ["test/**/*.test.ts"],
    exclude: [...configDefaults.exclude, ...(pool ? [] : ["test/pool/**"])],
    // Integration and e2e suites drive one real Chromium each; two cores do not fit more.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    globalSetup: ["test/support/globalSetup.ts"]
  }
})
