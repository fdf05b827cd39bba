/**
 * Runs after `remix vite:build`: compiles server.ts (and the app/.server modules it imports) to
 * one JavaScript file, build/server.js, which `npm start` runs with plain `node`. Packages stay
 * imports of node_modules. Running the TypeScript through tsx in production kept tsx's module
 * loader — a second V8 isolate on its own thread, holding the compiled source of every module —
 * resident for the life of the process: about 120 MB of the server's resting memory (issue 23).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

await build({
  configFile: false,
  root,
  logLevel: "warn",
  resolve: { alias: [{ find: /^~\//, replacement: `${path.join(root, "app")}/` }] },
  build: {
    ssr: path.join(root, "server.ts"),
    outDir: path.join(root, "build"),
    emptyOutDir: false,
    target: "node20",
    minify: false,
    sourcemap: false,
    copyPublicDir: false,
    rollupOptions: { output: { entryFileNames: "server.js", format: "es" } },
  },
});
console.log("compiled server.ts → build/server.js");
