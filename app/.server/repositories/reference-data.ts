/**
 * Reference data: the rows that shape the pages and the wizard's steps and that only the
 * migrations and the seed write — the wizard's dynamic tabs and field definitions, the option
 * lists, each site's links and images, the effective-date rules and the portals. They are held
 * in memory per database like the catalog (db/held.ts, read again once a minute), so a wizard
 * step or the page shell reads them without a query.
 */
import type { Selectable } from "kysely";
import type { DB } from "../db/connection";
import { heldPerDatabase } from "../db/held";
import type { EffectiveDateRuleTable, FieldDefinitionTable, OptionTable, PortalTable, SiteLinkTable, WizardTabTable } from "../db/schema";

export type WizardTabRow = Pick<Selectable<WizardTabTable>, "plan_id" | "enroll_type" | "tab_name" | "required" | "sort_order">;
export type FieldDefinitionRow = Pick<
  Selectable<FieldDefinitionTable>,
  "field_name" | "plan_id" | "enroll_type" | "required" | "read_only" | "optional"
>;
export type OptionRow = Selectable<OptionTable>;
export type SiteLinkRow = Pick<Selectable<SiteLinkTable>, "id" | "kind" | "label_en" | "label_es" | "url">;
export type EffectiveDateRule = Selectable<EffectiveDateRuleTable>;
export type Portal = Selectable<PortalTable>;

export interface ReferenceData {
  wizardTabs: WizardTabRow[];
  /** by tab name */
  fieldDefinitions: Map<string, FieldDefinitionRow[]>;
  /** by list key, in list order */
  options: Map<string, OptionRow[]>;
  /** by site id, in display order */
  siteLinks: Map<number, SiteLinkRow[]>;
  /** by site id: key → value */
  siteAssets: Map<number, Record<string, string>>;
  effectiveDateRules: EffectiveDateRule[];
  portals: Map<number, Portal>;
}

function groupBy<K, V>(rows: V[], key: (row: V) => K): Map<K, V[]> {
  const out = new Map<K, V[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

async function readReferenceData(db: DB): Promise<ReferenceData> {
  const [tabs, fields, options, links, assets, rules, portals] = await Promise.all([
    db.selectFrom("wizard_tabs").select(["plan_id", "enroll_type", "tab_name", "required", "sort_order"]).orderBy("id").execute(),
    db
      .selectFrom("field_definitions")
      .select(["tab_name", "field_name", "plan_id", "enroll_type", "required", "read_only", "optional"])
      .orderBy("id")
      .execute(),
    db.selectFrom("options").selectAll().orderBy("list_key").orderBy("sort_order").execute(),
    db
      .selectFrom("site_links")
      .select(["id", "site_id", "kind", "label_en", "label_es", "url"])
      .where("active", "=", 1)
      .orderBy("site_id")
      .orderBy("sort_order")
      .orderBy("id")
      .execute(),
    db.selectFrom("site_assets").select(["site_id", "key", "value"]).execute(),
    db.selectFrom("effective_date_rules").selectAll().orderBy("id").execute(),
    db.selectFrom("portals").select(["id", "code", "name", "name_es", "active"]).orderBy("id").execute(),
  ]);
  const siteAssets = new Map<number, Record<string, string>>();
  for (const a of assets) siteAssets.set(a.site_id, { ...siteAssets.get(a.site_id), [a.key]: a.value });
  return {
    wizardTabs: tabs,
    fieldDefinitions: new Map(
      [...groupBy(fields, (f) => f.tab_name)].map(([tab, rows]) => [tab, rows.map(({ tab_name: _, ...row }) => row)]),
    ),
    options: groupBy(options, (o) => o.list_key),
    siteLinks: new Map([...groupBy(links, (l) => l.site_id)].map(([site, rows]) => [site, rows.map(({ site_id: _, ...row }) => row)])),
    siteAssets,
    effectiveDateRules: rules,
    portals: new Map(portals.map((p) => [p.id, p])),
  };
}

/** The reference data as held for this database (read at most once a minute). */
export const referenceData = heldPerDatabase(readReferenceData);
