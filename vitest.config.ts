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
    // A worker runs its files one after another in one module graph instead of loading the app afresh
    // for each of them: loading was most of the run (vitest's "collect": 168 s of 196 s on SQLite,
    // 159 s of 217 s on PostgreSQL, 2 cores). Every file makes its own database and its own services,
    // and no test mocks a module or changes the environment another reads; both suites passed in
    // file orders shuffled with several seeds (`--sequence.shuffle.files`), so no file leans on
    // another having run or not.
    isolate: false,
    setupFiles: ["tests/support/pg-worker-database.ts"],
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});
