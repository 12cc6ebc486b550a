import path from "node:path";
import { defineConfig } from "vitest/config";

// End-to-end tests on the production build: tests/e2e/README.md.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(__dirname, "app") } },
  test: {
    include: ["tests/e2e/**/*.e2e.ts", "tests/security/**/*.test.ts"],
    globalSetup: ["tests/e2e/global-setup.ts"],
    pool: "forks",
    // Two cores shared with the server and Chromium.
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // The built app is loaded as it is by Node, not transformed.
    server: { deps: { external: [/\.cache\//, /\/build\/server\//] } },
  },
});
