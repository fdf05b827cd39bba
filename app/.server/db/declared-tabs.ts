/**
 * The wizard's tabs as they are declared (`TAB_DECLARATIONS`, issue 25): each tab's store-wide
 * `wizard_tabs` row and `field_definitions` rows. The demo seed writes them with the rest of the
 * wizard's configuration; a store set up before a tab was declared gets that tab's rows once,
 * when it next migrates (`installDeclaredTabs`), so adding a step needs no migration of its own.
 * Rows for a plan or an enrollment type are the store's own and never written here.
 */
import type { Insertable, Kysely } from "kysely";
import type { Database, FieldDefinitionTable, WizardTabTable } from "./schema";
import { takeWriteLock, WRITE_LOCKS } from "./write-lock";
import { TAB_DECLARATIONS, TAB_NAMES, type FieldDefault, type TabName } from "~/domain/wizard-steps";

export function tabRow(tab_name: TabName, required: number, plan_id: number | null = null, enroll_type: string | null = null) {
  return { plan_id, enroll_type, tab_name, required, sort_order: TAB_DECLARATIONS[tab_name].order } satisfies Insertable<WizardTabTable>;
}

export function fieldRow(
  tab_name: TabName,
  [field_name, required, read_only = 0, optional = 0]: FieldDefault,
  plan_id: number | null = null,
  enroll_type: string | null = null,
) {
  return { tab_name, field_name, plan_id, enroll_type, required, read_only, optional } satisfies Insertable<FieldDefinitionTable>;
}

/** The store-wide row of each given tab, as the tab declares it (in the tabs' order). */
export function defaultTabRows(tabs: readonly TabName[] = TAB_NAMES): Insertable<WizardTabTable>[] {
  return [...tabs]
    .sort((a, b) => TAB_DECLARATIONS[a].order - TAB_DECLARATIONS[b].order)
    .map((t) => tabRow(t, TAB_DECLARATIONS[t].required));
}

/** The store-wide field definitions of each given tab, as the tab declares them. */
export function defaultFieldRows(tabs: readonly TabName[] = TAB_NAMES): Insertable<FieldDefinitionTable>[] {
  return tabs.flatMap((t) => TAB_DECLARATIONS[t].fields.map((spec) => fieldRow(t, spec)));
}

/**
 * Writes the store-wide rows of every declared tab the store has no row for, once, and says
 * which. A store without any tab yet (not set up: the seed or its operator configures it) is
 * left alone. Two processes starting together write them once: PostgreSQL serialises this on an
 * advisory lock; SQLite takes its write lock before reading.
 */
export async function installDeclaredTabs(db: Kysely<Database>, dialect: "sqlite" | "postgres"): Promise<TabName[]> {
  return db.transaction().execute(async (trx) => {
    await takeWriteLock(trx, dialect, "declaredTabs", "wizard_tabs");
    const present = new Set((await trx.selectFrom("wizard_tabs").select("tab_name").distinct().execute()).map((r) => r.tab_name));
    if (present.size === 0) return [];
    const missing = TAB_NAMES.filter((t) => !present.has(t));
    if (missing.length === 0) return [];
    await trx.insertInto("wizard_tabs").values(defaultTabRows(missing)).execute();
    const fields = defaultFieldRows(missing);
    if (fields.length) await trx.insertInto("field_definitions").values(fields).execute();
    return missing;
  });
}

/** pg_advisory_xact_lock's key for installDeclaredTabs. */
export const TABS_LOCK = WRITE_LOCKS.declaredTabs;
