import { defineConfig } from "vitest/config";
import { vanillaExtractPlugin } from "@vanilla-extract/vite-plugin";
import tsconfigPaths from "vite-tsconfig-paths";
import { fileURLToPath } from "node:url";

export default defineConfig({
  plugins: [vanillaExtractPlugin(), tsconfigPaths()],
  // as in vite.config.ts: components render through the app's own react-i18next (ADR 013)
  resolve: { alias: [{ find: /^react-i18next$/, replacement: fileURLToPath(new URL("./app/i18n-react.tsx", import.meta.url)) }] },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/**/*.test.{ts,tsx}"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    environment: "node",
    pool: "forks",
    testTimeout: 20000,
    hookTimeout: 30000,
  },
});
