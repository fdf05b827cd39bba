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
    // time and an idle core. SQLite test files never share a database (tests/support/db.ts), so use them
    // all. On PostgreSQL one file at a time: each file makes and drops its own schema, and Kysely's
    // Migrator lists the tables of every schema — a schema dropped by another file mid-list fails it.
    maxWorkers: process.env.TEST_DATABASE_URL ? 1 : Math.max(2, os.availableParallelism()),
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});
