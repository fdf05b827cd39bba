/**
 * A count of the statements that may write (anything but a SELECT), across every store of the
 * process. The per-request memo of reads (platform/request-memo.ts) keeps a read only while
 * this count stands still, so a loader that writes and then reads again sees its own write.
 */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";

/**
 * The count lives on the process, not in this module: the production server is two bundles
 * (build/server.js, which opens the database and installs this plugin, and Remix's server build,
 * whose loaders memoise their reads), each with its own copy of this module. A count per copy
 * left the loaders' copy at 0 forever: their memo never saw a write, and a read memoised by the
 * session (server.js' copy) was never a hit for a loader, so every page read the visitor's
 * enrollment twice (issue 24).
 */
const KEY = Symbol.for("benefit-store.write-generation");
const counter: { value: number } = ((globalThis as Record<symbol, { value: number } | undefined>)[KEY] ??= { value: 0 });

/** Changes whenever a statement that may write is about to run (in any copy of this module). */
export function writeGeneration() {
  return counter.value;
}

export class CountWrites implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (args.node.kind !== "SelectQueryNode") counter.value++;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
