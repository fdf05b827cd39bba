/**
 * A count of the statements that may write (anything but a SELECT), across every store of the
 * process. The per-request memo of reads (platform/request-memo.ts) keeps a read only while
 * this count stands still, so a loader that writes and then reads again sees its own write.
 */
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";

let generation = 0;

/** Changes whenever a statement that may write is about to run. */
export function writeGeneration() {
  return generation;
}

export class CountWrites implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (args.node.kind !== "SelectQueryNode") generation++;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
