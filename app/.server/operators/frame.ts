/** What every console page shows around its content: the operator, the areas of their role, the session's limits. */
import type { OperatorContext } from "./guard";
import type { AdminFrameData } from "~/views/admin";

/** The console's areas, in menu order, with the area a role needs to open them. */
const AREAS = [
  { href: "/admin", key: "admin.nav.home", area: null },
  { href: "/admin/catalog", key: "admin.nav.catalog", area: "catalog" },
  { href: "/admin/reps", key: "admin.nav.reps", area: "sales" },
  { href: "/admin/groups", key: "admin.nav.groups", area: "sales" },
  { href: "/admin/referrals", key: "admin.nav.referrals", area: "sales" },
  { href: "/admin/links", key: "admin.nav.links", area: "sales" },
  { href: "/admin/portals", key: "admin.nav.portals", area: "sales" },
  { href: "/admin/audit", key: "admin.nav.audit", area: "audit" },
  { href: "/admin/operators", key: "admin.nav.operators", area: "operators" },
  { href: "/admin/carriers", key: "admin.nav.carriers", area: "catalog" },
] as const;

export function adminFrame(op: OperatorContext): AdminFrameData {
  return {
    operator: { name: op.operator.name, email: op.operator.email, role: op.operator.role },
    areas: AREAS.filter((a) => a.area === null || op.may(a.area)).map(({ href, key }) => ({ href, key })),
    limits: op.limits,
  };
}
