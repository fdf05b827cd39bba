import os from "node:os";
import { defineConfig } from "vitest/config";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import tsconfigPaths from "vite-tsconfig-paths";

export default defineConfig({
  plugins: [vanillaExtractPlugin(), tsconfigPaths()],
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/**/*.test.{ts,tsx}"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    environment: "node",
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: on CI's 2 cores that is one test file at a
    // time and an idle core. Test files never share a database: a SQLite file each, and on PostgreSQL a
    // schema each inside a database per worker (tests/support/pg-worker-database.ts), so use them all.
    maxWorkers: Math.max(2, os.availableParallelism()),
    setupFiles: ["tests/support/pg-worker-database.ts"],
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});
