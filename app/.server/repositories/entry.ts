/** Who a visitor enters as: reps, groups, landing slugs, referrals, portals, external sites. */
import type { DB } from "../db/connection";
import { referenceData } from "./reference-data";

/** Codes are stored upper case; input is trimmed and compared without regard to case. */
export function normaliseCode(input: string) {
  return input.trim().toUpperCase();
}

export function findRepByCode(db: DB, code: string) {
  return db.selectFrom("reps").selectAll().where("agent_code", "=", normaliseCode(code)).where("active", "=", 1).executeTakeFirst();
}

/** Whether a code belongs to a rep or a group an operator has deactivated (the store says so). */
export async function inactiveCode(db: DB, kind: "rep" | "group", code: string) {
  const c = normaliseCode(code);
  const row =
    kind === "rep"
      ? await db.selectFrom("reps").select("id").where("agent_code", "=", c).where("active", "=", 0).executeTakeFirst()
      : await db
          .selectFrom("groups")
          .leftJoin("portals", "portals.id", "groups.portal_id")
          .select("groups.id")
          .where("groups.group_code", "=", c)
          // a deactivated group, or one under a deactivated portal
          .where((eb) => eb.or([eb("groups.active", "=", 0), eb("portals.active", "=", 0)]))
          .executeTakeFirst();
  return Boolean(row);
}

export function findRep(db: DB, id: number) {
  return db.selectFrom("reps").selectAll().where("id", "=", id).where("active", "=", 1).executeTakeFirst();
}

/** An active group by its enrollment code, under an active portal. */
export function findGroupByCode(db: DB, code: string) {
  return (
    db
      .selectFrom("groups")
      .selectAll()
      .where("group_code", "=", normaliseCode(code))
      .where("active", "=", 1)
      // no portal, or an active one
      .where((eb) =>
        eb.or([
          eb("groups.portal_id", "is", null),
          eb.exists(
            eb.selectFrom("portals").select("portals.id").whereRef("portals.id", "=", "groups.portal_id").where("portals.active", "=", 1),
          ),
        ]),
      )
      .executeTakeFirst()
  );
}

export function findGroup(db: DB, id: number) {
  return db.selectFrom("groups").selectAll().where("id", "=", id).where("active", "=", 1).executeTakeFirst();
}

/** A landing slug belongs to a rep or a group (slugs are lower case: a-z, 0-9, hyphens). */
export async function landingOwnerBySlug(db: DB, slug: string) {
  const s = slug.trim().toLowerCase();
  if (!/^[a-z0-9][a-z0-9-]{0,79}$/.test(s)) return null;
  const rep = await db
    .selectFrom("reps")
    .innerJoin("rep_portals", "rep_portals.rep_id", "reps.id")
    // the landing starts under the rep's first portal still active (a deactivated one is never entered)
    .innerJoin("portals", "portals.id", "rep_portals.portal_id")
    .select(["reps.id", "reps.landing_slug", (eb) => eb.fn.min("rep_portals.portal_id").as("portal_id")])
    .where("reps.landing_slug", "=", s)
    .where("reps.active", "=", 1)
    .where("portals.active", "=", 1)
    .groupBy(["reps.id", "reps.landing_slug"])
    .executeTakeFirst();
  if (rep) return { kind: "rep" as const, id: rep.id, slug: s, repId: rep.id, portalId: rep.portal_id ?? null };
  const group = await db
    .selectFrom("groups")
    .select(["id", "rep_id", "portal_id"])
    .where("slug", "=", s)
    .where("active", "=", 1)
    // a group under a deactivated portal has no landing (the store says it is no longer active)
    // no portal, or an active one
    .where((eb) =>
      eb.or([
        eb("groups.portal_id", "is", null),
        eb.exists(
          eb.selectFrom("portals").select("portals.id").whereRef("portals.id", "=", "groups.portal_id").where("portals.active", "=", 1),
        ),
      ]),
    )
    .executeTakeFirst();
  if (group) return { kind: "group" as const, id: group.id, slug: s, repId: group.rep_id, portalId: group.portal_id };
  return null;
}

/** Whether a portal id is one an operator has deactivated. */
const portalInactive = (db: DB, portalId: number | null) =>
  portalId === null
    ? Promise.resolve(false)
    : db.selectFrom("portals").select("id").where("id", "=", portalId).where("active", "=", 0).executeTakeFirst().then(Boolean);

/**
 * Whether a landing slug belongs to a rep or a group an operator has deactivated, or a group
 * under a deactivated portal (the store says so: 410).
 */
export async function inactiveLandingSlug(db: DB, slug: string) {
  const s = slug.trim().toLowerCase();
  if (!/^[a-z0-9][a-z0-9-]{0,79}$/.test(s)) return false;
  const rep = await db.selectFrom("reps").select("id").where("landing_slug", "=", s).where("active", "=", 0).executeTakeFirst();
  if (rep) return true;
  const group = await db.selectFrom("groups").select(["active", "portal_id"]).where("slug", "=", s).executeTakeFirst();
  return Boolean(group && (group.active === 0 || (await portalInactive(db, group.portal_id))));
}

/** Whether a referral code is one an operator has deactivated, or one under a deactivated portal. */
export async function inactiveReferral(db: DB, code: string) {
  const c = normaliseCode(code);
  if (!/^[A-Z0-9]{4,32}$/.test(c)) return false;
  const referral = await db.selectFrom("referrals").select(["active", "portal_id"]).where("code", "=", c).executeTakeFirst();
  return Boolean(referral && (referral.active === 0 || (await portalInactive(db, referral.portal_id))));
}

export function findReferral(db: DB, code: string) {
  const c = normaliseCode(code);
  if (!/^[A-Z0-9]{4,32}$/.test(c)) return Promise.resolve(undefined);
  return (
    db
      .selectFrom("referrals")
      .selectAll()
      .where("code", "=", c)
      .where("active", "=", 1)
      // a referral under a deactivated portal stops with it
      .where((eb) =>
        eb.or([
          eb("referrals.portal_id", "is", null),
          eb.exists(
            eb
              .selectFrom("portals")
              .select("portals.id")
              .whereRef("portals.id", "=", "referrals.portal_id")
              .where("portals.active", "=", 1),
          ),
        ]),
      )
      .executeTakeFirst()
  );
}

/** The portals an enrollment may start under (a deactivated one is offered to no one). */
export function allPortals(db: DB) {
  return db.selectFrom("portals").select(["id", "code", "name", "name_es"]).where("active", "=", 1).orderBy("id").execute();
}

export function repPortals(db: DB, repId: number) {
  return db
    .selectFrom("portals")
    .innerJoin("rep_portals", "rep_portals.portal_id", "portals.id")
    .select(["portals.id", "portals.code", "portals.name", "portals.name_es"])
    .where("rep_portals.rep_id", "=", repId)
    .where("portals.active", "=", 1)
    .orderBy("portals.id")
    .execute();
}

export function repGroups(db: DB, repId: number) {
  return db
    .selectFrom("groups")
    .select(["id", "group_code", "company_name", "portal_id"])
    .where("rep_id", "=", repId)
    .where("active", "=", 1)
    .where("id", "!=", 1929)
    .orderBy("company_name")
    .execute();
}

/** A portal by id (reference data, held in memory). */
export async function findPortal(db: DB, id: number) {
  return (await referenceData(db)).portals.get(id);
}

/** /external?site=…: a site by its host or the host's first label (e.g. "elevate"). */
export async function siteByExternalName(db: DB, name: string) {
  const n = name.trim().toLowerCase();
  if (!/^[a-z0-9][a-z0-9.-]{0,99}$/.test(n)) return undefined;
  const sites = await db.selectFrom("sites").selectAll().execute();
  return sites.find((s) => s.host === n || s.host.split(".")[0] === n);
}

export function findMember(db: DB, id: number) {
  return db
    .selectFrom("members")
    .select(["id", "first_name", "last_name", "rep_id", "group_id", "portal_id", "birthdate", "gender", "zip", "state"])
    .where("id", "=", id)
    .executeTakeFirst();
}

export function referralById(db: DB, id: number) {
  return db.selectFrom("referrals").selectAll().where("id", "=", id).where("active", "=", 1).executeTakeFirst();
}
