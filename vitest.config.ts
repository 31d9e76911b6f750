import { defineConfig } from "vitest/config"

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Integration and e2e suites drive one real Chromium each; two cores do not fit more.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    globalSetup: ["test/support/globalSetup.ts"]
  }
})
