/**
 * One set of migrations for SQLite and PostgreSQL. Only the id column differs between
 * them (`integer … autoincrement` vs `serial`); everything else uses portable types.
 */
import { type Kysely, type Migration, type MigrationProvider, type CreateTableBuilder, sql } from "kysely";
import type { AckError, FunctionalAck, InterchangeAck } from "~/domain/x12/acknowledgments";
import type { ReconciliationReport } from "~/domain/x12/effectuation";
import { MASK, keptAck, keptError, keptInbound, keptReport, shownBadValue } from "~/domain/x12/masked";
import type { Cipher } from "../platform/crypto";

export type Dialect = "sqlite" | "postgres";

function withId<T extends string>(dialect: Dialect, table: CreateTableBuilder<T, never>) {
  return dialect === "postgres"
    ? table.addColumn("id", "serial", (c) => c.primaryKey())
    : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}

/** Shorthands keep the table definitions readable. */
const text = "text" as const;
const int = "integer" as const;

function initial(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const create = (name: string) => withId(dialect, db.schema.createTable(name) as CreateTableBuilder<string, never>);

      await create("carriers")
        .addColumn("code", text, (c) => c.notNull().unique())
        .addColumn("name", text, (c) => c.notNull())
        .addColumn("logo_url", text)
        .addColumn("admin_fee_percent", int, (c) => c.notNull().defaultTo(0))
        .execute();

      await create("plan_categories")
        .addColumn("key", text, (c) => c.notNull().unique())
        .addColumn("label_en", text, (c) => c.notNull())
        .addColumn("label_es", text, (c) => c.notNull())
        .addColumn("heading_en", text, (c) => c.notNull())
        .addColumn("heading_es", text, (c) => c.notNull())
        .addColumn("sort_order", int, (c) => c.notNull())
        .addColumn("icon", text, (c) => c.notNull())
        .addColumn("on_landing", int, (c) => c.notNull().defaultTo(0))
        .execute();

      await create("plans")
        .addColumn("code", text, (c) => c.notNull().unique())
        .addColumn("category_id", int, (c) => c.notNull().references("plan_categories.id"))
        .addColumn("carrier_id", int, (c) => c.notNull().references("carriers.id"))
        .addColumn("logo_url", text)
        .addColumn("bundle_size", int)
        .addColumn("hide_add_to_cart", int, (c) => c.notNull().defaultTo(0))
        .addColumn("membership_required", int, (c) => c.notNull().defaultTo(0))
        .addColumn("is_membership", int, (c) => c.notNull().defaultTo(0))
        .addColumn("is_premier", int, (c) => c.notNull().defaultTo(0))
        .addColumn("premier_pair_plan_id", int)
        .addColumn("is_iha", int, (c) => c.notNull().defaultTo(0))
        .addColumn("is_l713", int, (c) => c.notNull().defaultTo(0))
        .addColumn("requires_salary", int, (c) => c.notNull().defaultTo(0))
        .addColumn("min_working_hours", int)
        .addColumn("tobacco_rated", int, (c) => c.notNull().defaultTo(0))
        .addColumn("has_enroll_questions", int, (c) => c.notNull().defaultTo(0))
        .addColumn("signature_required", int, (c) => c.notNull().defaultTo(1))
        .addColumn("removable", int, (c) => c.notNull().defaultTo(1))
        .addColumn("is_rider", int, (c) => c.notNull().defaultTo(0))
        .addColumn("is_featured", int, (c) => c.notNull().defaultTo(0))
        .addColumn("all_states", int, (c) => c.notNull().defaultTo(1))
        .addColumn("age_min", int, (c) => c.notNull().defaultTo(18))
        .addColumn("age_max", int, (c) => c.notNull().defaultTo(100))
        .addColumn("audience", text, (c) => c.notNull().defaultTo("all"))
        .addColumn("asks_legal_disability", int, (c) => c.notNull().defaultTo(0))
        .addColumn("l713_net_price_cents", int)
        .addColumn("salary_rate_cents_per_k", int)
        .addColumn("popularity", int, (c) => c.notNull().defaultTo(0))
        .addColumn("sort_order", int, (c) => c.notNull().defaultTo(0))
        .addColumn("active", int, (c) => c.notNull().defaultTo(1))
        .addCheckConstraint("plans_bundle_size", sql`bundle_size is null or bundle_size between 2 and 5`)
        .execute();
      await db.schema.createIndex("plans_category").on("plans").column("category_id").execute();

      await db.schema
        .createTable("plan_texts")
        .addColumn("plan_id", int, (c) => c.notNull().references("plans.id").onDelete("cascade"))
        .addColumn("locale", text, (c) => c.notNull())
        .addColumn("name", text, (c) => c.notNull())
        .addColumn("short_text", text, (c) => c.notNull())
        .addColumn("callout_text", text)
        .addColumn("header_text", text)
        .addColumn("body_text", text, (c) => c.notNull())
        .addColumn("blue_bar_text", text)
        .addColumn("association_text", text)
        .addColumn("exclusions_title", text)
        .addColumn("exclusions_text", text)
        .addColumn("example_title", text)
        .addColumn("example_text", text)
        .addColumn("faq_title", text)
        .addColumn("faq_text", text)
        .addColumn("decline_message", text)
        .addColumn("special_message", text)
        .addPrimaryKeyConstraint("plan_texts_pk", ["plan_id", "locale"])
        .execute();

      await db.schema
        .createTable("plan_states")
        .addColumn("plan_id", int, (c) => c.notNull().references("plans.id").onDelete("cascade"))
        .addColumn("state", text, (c) => c.notNull())
        .addPrimaryKeyConstraint("plan_states_pk", ["plan_id", "state"])
        .execute();

      await db.schema
        .createTable("plan_areas")
        .addColumn("plan_id", int, (c) => c.notNull().references("plans.id").onDelete("cascade"))
        .addColumn("zip3", text, (c) => c.notNull())
        .addPrimaryKeyConstraint("plan_areas_pk", ["plan_id", "zip3"])
        .execute();

      await create("plan_prices")
        .addColumn("plan_id", int, (c) => c.notNull().references("plans.id").onDelete("cascade"))
        .addColumn("tier", text, (c) => c.notNull())
        .addColumn("age_min", int, (c) => c.notNull())
        .addColumn("age_max", int, (c) => c.notNull())
        .addColumn("gender", int)
        .addColumn("smoker", int)
        .addColumn("state", text)
        .addColumn("coverage_amount", int)
        .addColumn("price_cents", int, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("plan_prices_lookup").on("plan_prices").columns(["plan_id", "tier"]).execute();

      await db.schema
        .createTable("plan_relations")
        .addColumn("plan_id", int, (c) => c.notNull().references("plans.id").onDelete("cascade"))
        .addColumn("related_plan_id", int, (c) => c.notNull().references("plans.id").onDelete("cascade"))
        .addColumn("kind", text, (c) => c.notNull())
        .addColumn("sort_order", int, (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("plan_relations_pk", ["plan_id", "related_plan_id", "kind"])
        .execute();

      await create("plan_questions")
        .addColumn("plan_id", int, (c) => c.notNull().references("plans.id").onDelete("cascade"))
        .addColumn("kind", text, (c) => c.notNull())
        .addColumn("text_en", text, (c) => c.notNull())
        .addColumn("text_es", text, (c) => c.notNull())
        .addColumn("true_condition", int, (c) => c.notNull().defaultTo(0))
        .addColumn("decline_answer", int)
        .addColumn("sort_order", int, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("plan_questions_plan").on("plan_questions").columns(["plan_id", "kind"]).execute();

      await create("portals")
        .addColumn("code", text, (c) => c.notNull().unique())
        .addColumn("name", text, (c) => c.notNull())
        .execute();

      await create("reps")
        .addColumn("agent_code", text, (c) => c.notNull().unique())
        .addColumn("first_name", text, (c) => c.notNull())
        .addColumn("last_name", text, (c) => c.notNull())
        .addColumn("email", text, (c) => c.notNull())
        .addColumn("phone", text, (c) => c.notNull())
        .addColumn("landing_slug", text, (c) => c.unique())
        .addColumn("landing_url", text)
        .addColumn("logo_url", text)
        .addColumn("banner_image_url", text)
        .addColumn("banner_link", text)
        .addColumn("display_name", text)
        .addColumn("display_phone", text)
        .addColumn("display_email", text)
        .addColumn("tagline_en", text)
        .addColumn("tagline_es", text)
        .addColumn("bio_en", text)
        .addColumn("bio_es", text)
        .addColumn("brand_color", text)
        .addColumn("active", int, (c) => c.notNull().defaultTo(1))
        .execute();

      await db.schema
        .createTable("rep_portals")
        .addColumn("rep_id", int, (c) => c.notNull().references("reps.id").onDelete("cascade"))
        .addColumn("portal_id", int, (c) => c.notNull().references("portals.id").onDelete("cascade"))
        .addPrimaryKeyConstraint("rep_portals_pk", ["rep_id", "portal_id"])
        .execute();

      await create("groups")
        .addColumn("group_code", text, (c) => c.notNull().unique())
        .addColumn("company_name", text, (c) => c.notNull())
        .addColumn("slug", text, (c) => c.unique())
        .addColumn("landing_url", text)
        .addColumn("rep_id", int, (c) => c.references("reps.id"))
        .addColumn("portal_id", int, (c) => c.references("portals.id"))
        .addColumn("logo_url", text)
        .addColumn("banner_image_url", text)
        .addColumn("banner_link", text)
        .addColumn("display_phone", text)
        .addColumn("display_email", text)
        .addColumn("tagline_en", text)
        .addColumn("tagline_es", text)
        .addColumn("about_en", text)
        .addColumn("about_es", text)
        .addColumn("brand_color", text)
        .addColumn("address1", text)
        .addColumn("address2", text)
        .addColumn("city", text)
        .addColumn("state", text)
        .addColumn("zip", text)
        .addColumn("employer_name", text)
        .addColumn("employer_phone", text)
        .addColumn("group_quote_url", text)
        .addColumn("active", int, (c) => c.notNull().defaultTo(1))
        .execute();

      await create("members")
        .addColumn("rep_id", int, (c) => c.references("reps.id"))
        .addColumn("group_id", int, (c) => c.references("groups.id"))
        .addColumn("portal_id", int, (c) => c.references("portals.id"))
        .addColumn("first_name", text, (c) => c.notNull())
        .addColumn("last_name", text, (c) => c.notNull())
        .addColumn("birthdate", text, (c) => c.notNull())
        .addColumn("gender", int, (c) => c.notNull())
        .addColumn("email", text)
        .addColumn("phone", text)
        .addColumn("ssn_enc", text)
        .addColumn("ssn_last4", text)
        .addColumn("address1", text)
        .addColumn("address2", text)
        .addColumn("city", text)
        .addColumn("state", text)
        .addColumn("zip", text)
        .addColumn("last_enrollment_id", int)
        .addColumn("created_at", text, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("members_rep").on("members").column("rep_id").execute();
      await db.schema.createIndex("members_group").on("members").column("group_id").execute();

      await create("referrals")
        .addColumn("code", text, (c) => c.notNull().unique())
        .addColumn("rep_id", int, (c) => c.references("reps.id"))
        .addColumn("group_id", int, (c) => c.references("groups.id"))
        .addColumn("portal_id", int, (c) => c.references("portals.id"))
        .addColumn("referrer_name", text, (c) => c.notNull())
        .addColumn("active", int, (c) => c.notNull().defaultTo(1))
        .execute();

      await create("sites")
        .addColumn("host", text, (c) => c.notNull().unique())
        .addColumn("kind", text, (c) => c.notNull())
        .addColumn("name", text, (c) => c.notNull())
        .addColumn("support_phone", text, (c) => c.notNull())
        .addColumn("support_email", text, (c) => c.notNull())
        .addColumn("show_android_link", int, (c) => c.notNull().defaultTo(0))
        .addColumn("ios_app_url", text)
        .addColumn("android_app_url", text)
        .addColumn("redirection", text)
        .addColumn("group_id", int, (c) => c.references("groups.id"))
        .addColumn("rep_id", int, (c) => c.references("reps.id"))
        .addColumn("portal_id", int, (c) => c.references("portals.id"))
        .addColumn("logo_url", text)
        .addColumn("brand_color", text)
        .addColumn("accent_color", text)
        .addColumn("how_to_video_url", text)
        .addColumn("support_request_url", text)
        .addColumn("group_quote_url", text)
        .execute();

      await db.schema
        .createTable("site_assets")
        .addColumn("site_id", int, (c) => c.notNull().references("sites.id").onDelete("cascade"))
        .addColumn("key", text, (c) => c.notNull())
        .addColumn("value", text, (c) => c.notNull())
        .addPrimaryKeyConstraint("site_assets_pk", ["site_id", "key"])
        .execute();

      await create("site_links")
        .addColumn("site_id", int, (c) => c.notNull().references("sites.id").onDelete("cascade"))
        .addColumn("kind", text, (c) => c.notNull())
        .addColumn("label_en", text, (c) => c.notNull())
        .addColumn("label_es", text, (c) => c.notNull())
        .addColumn("url", text, (c) => c.notNull())
        .addColumn("sort_order", int, (c) => c.notNull().defaultTo(0))
        .execute();

      await create("wizard_tabs")
        .addColumn("plan_id", int, (c) => c.references("plans.id").onDelete("cascade"))
        .addColumn("enroll_type", text)
        .addColumn("tab_name", text, (c) => c.notNull())
        .addColumn("required", int, (c) => c.notNull())
        .addColumn("sort_order", int, (c) => c.notNull())
        .addCheckConstraint("wizard_tabs_order", sql`sort_order between 0 and 10`)
        .execute();

      await create("field_definitions")
        .addColumn("tab_name", text, (c) => c.notNull())
        .addColumn("field_name", text, (c) => c.notNull())
        .addColumn("plan_id", int, (c) => c.references("plans.id").onDelete("cascade"))
        .addColumn("enroll_type", text)
        .addColumn("required", int, (c) => c.notNull())
        .addColumn("read_only", int, (c) => c.notNull().defaultTo(0))
        .addColumn("optional", int, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("field_definitions_tab").on("field_definitions").column("tab_name").execute();

      await create("agreement_texts")
        .addColumn("plan_id", int, (c) => c.references("plans.id").onDelete("cascade"))
        .addColumn("carrier_id", int, (c) => c.references("carriers.id"))
        .addColumn("head_en", text, (c) => c.notNull())
        .addColumn("head_es", text, (c) => c.notNull())
        .addColumn("body_en", text, (c) => c.notNull())
        .addColumn("body_es", text, (c) => c.notNull())
        .addColumn("required", int, (c) => c.notNull().defaultTo(1))
        .addColumn("sort_order", int, (c) => c.notNull().defaultTo(0))
        .execute();

      await create("effective_date_rules")
        .addColumn("group_id", int, (c) => c.references("groups.id"))
        .addColumn("days_of_month", text, (c) => c.notNull())
        .addColumn("months_ahead", int, (c) => c.notNull())
        .addColumn("min_days_ahead", int, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("options")
        .addColumn("list_key", text, (c) => c.notNull())
        .addColumn("value", text, (c) => c.notNull())
        .addColumn("label_en", text, (c) => c.notNull())
        .addColumn("label_es", text, (c) => c.notNull())
        .addColumn("sort_order", int, (c) => c.notNull())
        .addPrimaryKeyConstraint("options_pk", ["list_key", "value"])
        .execute();

      await db.schema
        .createTable("health_questions")
        .addColumn("id", int, (c) => c.primaryKey())
        .addColumn("kind", text, (c) => c.notNull())
        .addColumn("text_en", text, (c) => c.notNull())
        .addColumn("text_es", text, (c) => c.notNull())
        .addColumn("for_dependents", int, (c) => c.notNull().defaultTo(0))
        .addColumn("sort_order", int, (c) => c.notNull())
        .execute();

      await create("enrollments")
        .addColumn("status", text, (c) => c.notNull().defaultTo("shopping"))
        .addColumn("locale", text, (c) => c.notNull().defaultTo("en"))
        .addColumn("site_id", int, (c) => c.references("sites.id"))
        .addColumn("zip", text)
        .addColumn("state", text)
        .addColumn("birthdate", text)
        .addColumn("gender", int)
        .addColumn("tier", text)
        .addColumn("is_smoker", int)
        .addColumn("spouse_birthdate", text)
        .addColumn("child_count", int)
        .addColumn("annual_income", int)
        .addColumn("working_hours", int)
        .addColumn("coverage", text, (c) => c.notNull().defaultTo("LOW_COST"))
        .addColumn("category", text)
        .addColumn("eprocess", text)
        .addColumn("open_type", text)
        .addColumn("enroll_type", text)
        .addColumn("type", text)
        .addColumn("agent_id", int, (c) => c.references("reps.id"))
        .addColumn("group_id", int, (c) => c.references("groups.id"))
        .addColumn("portal_id", int, (c) => c.references("portals.id"))
        .addColumn("member_id", int, (c) => c.references("members.id"))
        .addColumn("referral_id", int, (c) => c.references("referrals.id"))
        .addColumn("effective_date", text)
        .addColumn("step_list", text)
        .addColumn("saved_tab", text)
        .addColumn("enroller_code", text)
        .addColumn("health_track", int, (c) => c.notNull().defaultTo(0))
        .addColumn("spouse_enroll_accept", int)
        .addColumn("additional_notes", text)
        .addColumn("send_sms", int, (c) => c.notNull().defaultTo(0))
        .addColumn("policy_id", int)
        .addColumn("created_at", text, (c) => c.notNull())
        .addColumn("updated_at", text, (c) => c.notNull())
        .addColumn("completed_at", text)
        .execute();
      await db.schema.createIndex("enrollments_status").on("enrollments").column("status").execute();

      await create("policies")
        .addColumn("policy_number", text, (c) => c.notNull().unique())
        .addColumn("member_id", int, (c) => c.notNull().references("members.id"))
        .addColumn("enrollment_id", int, (c) => c.references("enrollments.id"))
        .addColumn("idempotency_key", text, (c) => c.notNull().unique())
        .addColumn("tier", text, (c) => c.notNull())
        .addColumn("effective_date", text, (c) => c.notNull())
        .addColumn("created_at", text, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("policies_member").on("policies").column("member_id").execute();

      await create("policy_plans")
        .addColumn("policy_id", int, (c) => c.notNull().references("policies.id").onDelete("cascade"))
        .addColumn("plan_id", int, (c) => c.notNull().references("plans.id"))
        .addColumn("plan_price_id", int)
        .addColumn("price_cents", int, (c) => c.notNull())
        .addColumn("status", text, (c) => c.notNull().defaultTo("ACTIVE"))
        .execute();
      await db.schema.createIndex("policy_plans_policy").on("policy_plans").column("policy_id").execute();

      await create("cart_lines")
        .addColumn("enrollment_id", int, (c) => c.notNull().references("enrollments.id").onDelete("cascade"))
        .addColumn("plan_id", int, (c) => c.notNull().references("plans.id"))
        .addColumn("plan_price_id", int, (c) => c.notNull().references("plan_prices.id"))
        .addColumn("price_cents", int, (c) => c.notNull())
        .addColumn("removable", int, (c) => c.notNull().defaultTo(1))
        .addColumn("paired_line_id", int)
        .addColumn("added_at", text, (c) => c.notNull())
        .addUniqueConstraint("cart_lines_plan", ["enrollment_id", "plan_id"])
        .execute();

      await db.schema
        .createTable("plan_answers")
        .addColumn("enrollment_id", int, (c) => c.notNull().references("enrollments.id").onDelete("cascade"))
        .addColumn("plan_id", int, (c) => c.notNull().references("plans.id"))
        .addColumn("kind", text, (c) => c.notNull())
        .addColumn("answers_enc", text, (c) => c.notNull())
        .addColumn("outcome", text, (c) => c.notNull())
        .addColumn("answered_at", text, (c) => c.notNull())
        .addPrimaryKeyConstraint("plan_answers_pk", ["enrollment_id", "plan_id", "kind"])
        .execute();

      await db.schema
        .createTable("enrollment_steps")
        .addColumn("enrollment_id", int, (c) => c.notNull().references("enrollments.id").onDelete("cascade"))
        .addColumn("tab_name", text, (c) => c.notNull())
        .addColumn("data", text, (c) => c.notNull())
        .addColumn("secret_enc", text)
        .addColumn("completed_at", text)
        .addColumn("updated_at", text, (c) => c.notNull())
        .addPrimaryKeyConstraint("enrollment_steps_pk", ["enrollment_id", "tab_name"])
        .execute();

      await create("dependents")
        .addColumn("enrollment_id", int, (c) => c.notNull().references("enrollments.id").onDelete("cascade"))
        .addColumn("position", int, (c) => c.notNull())
        .addColumn("relationship", text, (c) => c.notNull())
        .addColumn("first_name", text, (c) => c.notNull())
        .addColumn("middle_name", text)
        .addColumn("last_name", text, (c) => c.notNull())
        .addColumn("birthdate", text, (c) => c.notNull())
        .addColumn("gender", int, (c) => c.notNull())
        .addColumn("ssn_enc", text)
        .addColumn("ssn_last4", text)
        .addColumn("weight", int)
        .addColumn("height_feet", int)
        .addColumn("height_inch", int)
        .addColumn("is_legally_disabled", int, (c) => c.notNull().defaultTo(0))
        .addColumn("disability_condition_enc", text)
        .addColumn("health_enc", text)
        .addColumn("held", int, (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("dependents_enrollment").on("dependents").column("enrollment_id").execute();

      await create("beneficiaries")
        .addColumn("enrollment_id", int, (c) => c.notNull().references("enrollments.id").onDelete("cascade"))
        .addColumn("position", int, (c) => c.notNull())
        .addColumn("first_name", text, (c) => c.notNull())
        .addColumn("middle_name", text)
        .addColumn("last_name", text, (c) => c.notNull())
        .addColumn("birthdate", text, (c) => c.notNull())
        .addColumn("relationship", text, (c) => c.notNull())
        .addColumn("ssn_enc", text)
        .addColumn("ssn_last4", text)
        .addColumn("percentage", int, (c) => c.notNull())
        .addCheckConstraint("beneficiaries_percentage", sql`percentage between 0 and 100`)
        .execute();
      await db.schema.createIndex("beneficiaries_enrollment").on("beneficiaries").column("enrollment_id").execute();

      await create("payment_methods")
        .addColumn("member_id", int, (c) => c.references("members.id"))
        .addColumn("enrollment_id", int, (c) => c.references("enrollments.id").onDelete("cascade"))
        .addColumn("kind", text, (c) => c.notNull())
        .addColumn("account_name", text)
        .addColumn("bank_name", text)
        .addColumn("routing_number", text)
        .addColumn("account_number_enc", text)
        .addColumn("account_last4", text)
        .addColumn("account_type", text)
        .addColumn("account_holder_type", text)
        .addColumn("card_token", text)
        .addColumn("card_brand", text)
        .addColumn("card_last4", text)
        .addColumn("card_exp_month", int)
        .addColumn("card_exp_year", int)
        .addColumn("name_on_card", text)
        .addColumn("created_at", text, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("enrollment_payments")
        .addColumn("enrollment_id", int, (c) => c.primaryKey().references("enrollments.id").onDelete("cascade"))
        .addColumn("payment_method", text, (c) => c.notNull())
        .addColumn("payment_method_id", int, (c) => c.references("payment_methods.id"))
        .addColumn("bill_date", int, (c) => c.notNull().defaultTo(28))
        .addColumn("is_physical_address", int, (c) => c.notNull().defaultTo(0))
        .addColumn("address1", text)
        .addColumn("address2", text)
        .addColumn("city", text)
        .addColumn("state", text)
        .addColumn("zip", text)
        .addColumn("updated_at", text, (c) => c.notNull())
        .execute();

      await create("invoices")
        .addColumn("policy_id", int, (c) => c.notNull().unique().references("policies.id"))
        .addColumn("invoice_number", text, (c) => c.notNull().unique())
        .addColumn("effective_date", text, (c) => c.notNull())
        .addColumn("amount_cents", int, (c) => c.notNull())
        .addColumn("created_at", text, (c) => c.notNull())
        .execute();

      await create("quotes")
        .addColumn("enrollment_id", int, (c) => c.notNull().references("enrollments.id").onDelete("cascade"))
        .addColumn("name", text, (c) => c.notNull())
        .addColumn("email", text, (c) => c.notNull())
        .addColumn("message", text)
        .addColumn("locale", text, (c) => c.notNull())
        .addColumn("token_hash", text, (c) => c.notNull().unique())
        .addColumn("expires_at", text, (c) => c.notNull())
        .addColumn("sent_at", text, (c) => c.notNull())
        .addColumn("reminder_sent_at", text)
        .addColumn("declined_at", text)
        .execute();
      await db.schema.createIndex("quotes_reminders").on("quotes").columns(["reminder_sent_at", "declined_at"]).execute();

      await create("outbox")
        .addColumn("channel", text, (c) => c.notNull())
        .addColumn("recipient", text, (c) => c.notNull())
        .addColumn("subject", text)
        .addColumn("text_body", text, (c) => c.notNull())
        .addColumn("html_body", text)
        .addColumn("kind", text, (c) => c.notNull())
        .addColumn("enrollment_id", int)
        .addColumn("status", text, (c) => c.notNull())
        .addColumn("created_at", text, (c) => c.notNull())
        .addColumn("sent_at", text)
        .execute();

      await create("one_time_codes")
        .addColumn("enrollment_id", int, (c) => c.references("enrollments.id").onDelete("cascade"))
        .addColumn("purpose", text, (c) => c.notNull())
        .addColumn("target_hash", text, (c) => c.notNull())
        .addColumn("code_hash", text, (c) => c.notNull())
        .addColumn("attempts", int, (c) => c.notNull().defaultTo(0))
        .addColumn("expires_at", text, (c) => c.notNull())
        .addColumn("created_at", text, (c) => c.notNull())
        .addColumn("used_at", text)
        .addColumn("invalidated_at", text)
        .execute();
      await db.schema.createIndex("one_time_codes_lookup").on("one_time_codes").columns(["enrollment_id", "purpose"]).execute();

      await create("link_tokens")
        .addColumn("token_hash", text, (c) => c.notNull().unique())
        .addColumn("purpose", text, (c) => c.notNull())
        .addColumn("enrollment_id", int, (c) => c.notNull().references("enrollments.id").onDelete("cascade"))
        .addColumn("tab_name", text)
        .addColumn("expires_at", text, (c) => c.notNull())
        .addColumn("created_at", text, (c) => c.notNull())
        .addColumn("used_at", text)
        .execute();

      await db.schema
        .createTable("rate_limits")
        .addColumn("key", text, (c) => c.primaryKey())
        .addColumn("window_start", text, (c) => c.notNull())
        .addColumn("count", int, (c) => c.notNull())
        .execute();

      await create("audit_events")
        .addColumn("kind", text, (c) => c.notNull())
        .addColumn("enrollment_id", int)
        .addColumn("actor", text)
        .addColumn("detail", text)
        .addColumn("created_at", text, (c) => c.notNull())
        .execute();

      await create("screenshots")
        .addColumn("enrollment_id", int, (c) => c.notNull().references("enrollments.id").onDelete("cascade"))
        .addColumn("tab_name", text, (c) => c.notNull())
        .addColumn("image_enc", text, (c) => c.notNull())
        .addColumn("created_at", text, (c) => c.notNull())
        .execute();
    },
  };
}

/** A plan's one-time fee (application or enrollment fee), charged with the first month. */
const oneTimeFee: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("plans")
      .addColumn("one_time_fee_cents", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
};

/** How a group's employees pay: null lets them choose (card or bank draft); list bills are fixed. */
const groupPaymentMethod: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("groups").addColumn("payment_method", "text").execute();
  },
};

/**
 * The signature request by text message: a policy a rep or group completed for someone who
 * signs later from a link — awaiting, then signed (the signature kept encrypted).
 */
const remoteSignature: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("policies").addColumn("signature_status", "text").execute();
    await db.schema.alterTable("policies").addColumn("signed_at", "text").execute();
    await db.schema.alterTable("policies").addColumn("signature_enc", "text").execute();
  },
};

/**
 * Save & Continue Later keeps a step exactly as typed, valid or not: the typed values,
 * encrypted as a whole (they may hold an SSN), beside the step's checked data.
 */
const stepDrafts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("enrollment_steps").addColumn("draft_enc", "text").execute();
  },
};

/**
 * The browser that holds an enrollment (issue 23): a random value each resume by code or link
 * writes here and into that browser's session. A session whose value differs no longer reaches
 * the enrollment (null: never resumed, the browser that made it keeps it).
 */
const enrollmentHolder: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("enrollments").addColumn("holder", "text").execute();
  },
};

/**
 * Group admins (issue 15): the people who administer an employer group, each with the e-mail
 * and phone a sign-in code is sent to. They, not the employees who know the group code, see
 * the group's members and enroll for them.
 */
function groupAdmins(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable("group_admins") as CreateTableBuilder<string, never>)
        .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
        .addColumn("first_name", "text", (c) => c.notNull())
        .addColumn("last_name", "text", (c) => c.notNull())
        .addColumn("email", "text", (c) => c.notNull())
        .addColumn("phone", "text")
        .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.createIndex("group_admins_group").on("group_admins").column("group_id").execute();
    },
  };
}

/**
 * Server-side sessions for verified reps and group admins (issue 15): the cookie holds only a
 * random id (its SHA-256 is kept here), the row holds the session's ids and modes, who was
 * verified, when it was last used and when it ended (logout, Not My Site, idle, 12 hours).
 */
function staffSessions(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable("staff_sessions") as CreateTableBuilder<string, never>)
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("actor_kind", "text", (c) => c.notNull())
        .addColumn("rep_id", "integer", (c) => c.references("reps.id"))
        .addColumn("group_id", "integer", (c) => c.references("groups.id"))
        .addColumn("admin_id", "integer", (c) => c.references("group_admins.id"))
        .addColumn("data", "text", (c) => c.notNull())
        .addColumn("ua_hash", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("last_seen_at", "text", (c) => c.notNull())
        .addColumn("expires_at", "text", (c) => c.notNull())
        .addColumn("ended_at", "text")
        .addColumn("end_reason", "text")
        .addCheckConstraint("staff_sessions_actor", sql`actor_kind in ('rep', 'group_admin')`)
        .execute();
      await db.schema.createIndex("staff_sessions_open").on("staff_sessions").columns(["ended_at", "last_seen_at"]).execute();
    },
  };
}

/**
 * The audit trail (issue 15): who (and acting as what) did what to which enrollment or member,
 * when, in which request; never the data itself. Append-only: triggers refuse every UPDATE and
 * DELETE (and, on PostgreSQL, TRUNCATE), so the application cannot change or remove an event.
 */
function auditTrail(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("audit_events").addColumn("acting_as", "text").execute();
      await db.schema.alterTable("audit_events").addColumn("member_id", "integer").execute();
      await db.schema.alterTable("audit_events").addColumn("request_id", "text").execute();
      await db.schema.createIndex("audit_events_enrollment").on("audit_events").columns(["enrollment_id", "id"]).execute();
      if (dialect === "postgres") {
        await sql`create function audit_events_append_only() returns trigger language plpgsql as $$ begin raise exception 'audit_events is append-only'; end $$`.execute(
          db,
        );
        await sql`create trigger audit_events_no_change before update or delete on audit_events for each row execute function audit_events_append_only()`.execute(
          db,
        );
        await sql`create trigger audit_events_no_truncate before truncate on audit_events for each statement execute function audit_events_append_only()`.execute(
          db,
        );
      } else {
        await sql`create trigger audit_events_no_update before update on audit_events begin select raise(abort, 'audit_events is append-only'); end`.execute(
          db,
        );
        await sql`create trigger audit_events_no_delete before delete on audit_events begin select raise(abort, 'audit_events is append-only'); end`.execute(
          db,
        );
      }
    },
  };
}

/**
 * Mail and text messages that are never lost (issue 16): every message is written to the outbox
 * in the transaction that causes it, its body (text, HTML, attachments) sealed in body_enc, and
 * delivered by a worker that claims it (status sending, claimed_by, claimed_until), retries with
 * exponential backoff (attempts, next_attempt_at, last_error) and marks it sent. Rows written
 * before this migration keep their text_body; one still "queued" then was being sent inside a
 * request that is long gone: it is marked failed (its body was never kept). job_schedule: the
 * lease that lets one process, not every instance, run a scheduled job (SQLite; pg-boss on
 * PostgreSQL).
 */
const reliableOutbox: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("outbox").addColumn("body_enc", "text").execute();
    await db.schema
      .alterTable("outbox")
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable("outbox").addColumn("next_attempt_at", "text").execute();
    await db.schema.alterTable("outbox").addColumn("claimed_by", "text").execute();
    await db.schema.alterTable("outbox").addColumn("claimed_until", "text").execute();
    await db.schema.alterTable("outbox").addColumn("last_error", "text").execute();
    await sql`update outbox set status = 'failed' where status = 'queued'`.execute(db);
    await db.schema.createIndex("outbox_due").on("outbox").columns(["status", "next_attempt_at"]).execute();
    await db.schema
      .createTable("job_schedule")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("next_run_at", "text", (c) => c.notNull())
      .addColumn("holder", "text")
      .addColumn("lease_until", "text")
      .addColumn("last_run_at", "text")
      .execute();
  },
};

/**
 * Structured plan facts for Compare plans (issue 18): per plan and language, the deductible,
 * maximums, waiting periods, network, what is covered at what share (JSON list of
 * {key, label, share}) and the exclusions (JSON list of strings). Plain text, never HTML:
 * the comparison does not parse the marketing copy.
 */
const planFacts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("plan_facts")
      .addColumn("plan_id", "integer", (c) => c.notNull().references("plans.id").onDelete("cascade"))
      .addColumn("locale", "text", (c) => c.notNull())
      .addColumn("deductible", "text", (c) => c.notNull())
      .addColumn("maximums", "text", (c) => c.notNull())
      .addColumn("waiting_periods", "text", (c) => c.notNull())
      .addColumn("network", "text", (c) => c.notNull())
      .addColumn("coverage", "text", (c) => c.notNull())
      .addColumn("exclusions", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("plan_facts_pk", ["plan_id", "locale"])
      .execute();
  },
};

/**
 * The enrollment record (issue 18): the applicant's consent to electronic records and signatures
 * (ESIGN Act §7001(c)) — which version of the text, its SHA-256 in the language shown, when — and
 * the PDF of the completed enrollment, made once and kept sealed, with the SHA-256 of its content.
 */
const enrollmentRecord: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("esign_consents")
      .addColumn("enrollment_id", int, (c) => c.primaryKey().references("enrollments.id").onDelete("cascade"))
      .addColumn("version", text, (c) => c.notNull())
      .addColumn("text_sha256", text, (c) => c.notNull())
      .addColumn("text", text, (c) => c.notNull())
      .addColumn("locale", text, (c) => c.notNull())
      .addColumn("consented_at", text, (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("enrollment_records")
      .addColumn("enrollment_id", int, (c) => c.primaryKey().references("enrollments.id").onDelete("cascade"))
      .addColumn("locale", text, (c) => c.notNull())
      .addColumn("content_sha256", text, (c) => c.notNull())
      .addColumn("pdf_sha256", text, (c) => c.notNull())
      .addColumn("pdf_enc", text, (c) => c.notNull())
      .addColumn("created_at", text, (c) => c.notNull())
      .execute();
  },
};

/**
 * Issue 17: the recommendation aggregates (how often each plan was carted or bought, and with
 * which other plans) are cached by each server and rebuilt only when carts or purchases
 * change. `recommendation_data.version` (one row) is what tells them: triggers add one to it on
 * every change to cart_lines or policy_plans and whenever an enrollment gets or loses its
 * policy, in the same transaction (on PostgreSQL at its commit) — so every server, whichever
 * process wrote, sees it.
 */
function recommendationVersion(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("recommendation_data")
        .addColumn("id", "integer", (c) => c.primaryKey())
        .addColumn("version", "integer", (c) => c.notNull())
        .execute();
      await sql`insert into recommendation_data (id, version) values (1, 0)`.execute(db);
      if (dialect === "postgres") {
        await sql`create function recommendation_data_changed() returns trigger language plpgsql as $$ begin update recommendation_data set version = version + 1 where id = 1; return null; end $$`.execute(
          db,
        );
        // Deferred to the commit: the one row is locked last and briefly, so a transaction never
        // waits for it while holding rows another transaction needs (no deadlock).
        for (const table of ["cart_lines", "policy_plans"]) {
          await sql
            .raw(
              `create constraint trigger ${table}_recommendation_data after insert or update or delete on ${table} deferrable initially deferred for each row execute function recommendation_data_changed()`,
            )
            .execute(db);
        }
        await sql`create constraint trigger enrollments_recommendation_data after update of policy_id or delete on enrollments deferrable initially deferred for each row execute function recommendation_data_changed()`.execute(
          db,
        );
      } else {
        for (const table of ["cart_lines", "policy_plans"]) {
          for (const event of ["insert", "update", "delete"]) {
            await sql
              .raw(
                `create trigger ${table}_recommendation_${event} after ${event} on ${table} begin update recommendation_data set version = version + 1 where id = 1; end`,
              )
              .execute(db);
          }
        }
        await sql`create trigger enrollments_recommendation_policy after update of policy_id on enrollments begin update recommendation_data set version = version + 1 where id = 1; end`.execute(
          db,
        );
        await sql`create trigger enrollments_recommendation_delete after delete on enrollments begin update recommendation_data set version = version + 1 where id = 1; end`.execute(
          db,
        );
      }
    },
  };
}

/**
 * Issue 23: every audit row says from which client it came (the keyed hash of the address the
 * limiter already counts by, never the address) and, for events caused by someone not yet
 * verified about a rep or an admin (a code asked for, a wrong code), whom it was about. The
 * index finds whether a client has signed in as a person before (verification.ts).
 */
const auditClient: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("audit_events").addColumn("client_key", "text").execute();
    await db.schema.alterTable("audit_events").addColumn("subject", "text").execute();
    await db.schema.createIndex("audit_events_actor_client").on("audit_events").columns(["actor", "kind", "client_key"]).execute();
  },
};

/**
 * One screenshot per enrollment and step (issue 23): a new one replaces the last (an upsert on
 * this key) instead of piling up. Older duplicates go, the newest of each kept.
 */
const oneScreenshotPerStep: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`delete from screenshots where id not in (select max(id) from screenshots group by enrollment_id, tab_name)`.execute(db);
    await db.schema.createIndex("screenshots_enrollment_tab").unique().on("screenshots").columns(["enrollment_id", "tab_name"]).execute();
  },
};

/**
 * Address line 2 appears (issue 26 #14): the spec's contact, employer and billing steps have an
 * address2 field, but its definition said "not required", which the wizard reads as "not
 * shown" — so nobody could give an apartment or suite. It is now shown and optional.
 */
const addressLine2: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`update field_definitions set required = 1, optional = 1
      where field_name = 'address2' and required = 0 and plan_id is null and enroll_type is null
        and tab_name in ('contact_info', 'employer_info', 'billing_info')`.execute(db);
  },
};

/**
 * Employer groups (issue 28): the group's employees (the roster an admin keeps by hand or by a
 * census upload; the SSN sealed, its keyed hash to find the same SSN on two employees, its last
 * four to show masked), the group's rules (how coverage ends after a termination, the enrollment
 * windows), the census files checked and waiting to be applied (their rows sealed: they hold
 * SSNs), and the coverage events each plan of a member goes through after the receipt —
 * enrolled, changed, terminated, reinstated — written in the same transaction as their cause.
 * The carrier feed reads coverage_events; it never reads the wizard's rows.
 */
function employerRoster(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const create = (name: string) => withId(dialect, db.schema.createTable(name) as CreateTableBuilder<string, never>);
      await create("group_employees")
        .addColumn("group_id", int, (c) => c.notNull().references("groups.id").onDelete("cascade"))
        .addColumn("employee_ref", text, (c) => c.notNull())
        .addColumn("first_name", text, (c) => c.notNull())
        .addColumn("last_name", text, (c) => c.notNull())
        .addColumn("birthdate", text, (c) => c.notNull())
        .addColumn("gender", int, (c) => c.notNull())
        .addColumn("email", text)
        .addColumn("phone", text)
        .addColumn("ssn_enc", text)
        .addColumn("ssn_last4", text)
        .addColumn("ssn_hash", text)
        .addColumn("hire_date", text, (c) => c.notNull())
        .addColumn("status", text, (c) => c.notNull())
        .addColumn("employment_class", text, (c) => c.notNull())
        .addColumn("address1", text)
        .addColumn("address2", text)
        .addColumn("city", text)
        .addColumn("state", text)
        .addColumn("zip", text)
        .addColumn("termination_date", text)
        .addColumn("coverage_end_date", text)
        .addColumn("member_id", int, (c) => c.references("members.id"))
        .addColumn("locale", text, (c) => c.notNull().defaultTo("en"))
        .addColumn("created_at", text, (c) => c.notNull())
        .addColumn("updated_at", text, (c) => c.notNull())
        .addCheckConstraint("group_employees_status", sql`status in ('active', 'leave', 'terminated')`)
        .addCheckConstraint("group_employees_class", sql`employment_class in ('full_time', 'part_time')`)
        .execute();
      await db.schema.createIndex("group_employees_ref").unique().on("group_employees").columns(["group_id", "employee_ref"]).execute();
      await db.schema.createIndex("group_employees_ssn").on("group_employees").columns(["group_id", "ssn_hash"]).execute();
      await db.schema.createIndex("group_employees_member").on("group_employees").column("member_id").execute();

      await db.schema
        .createTable("employer_settings")
        .addColumn("group_id", int, (c) => c.primaryKey().references("groups.id").onDelete("cascade"))
        .addColumn("coverage_end_rule", text, (c) => c.notNull().defaultTo("end_of_month"))
        .addColumn("open_enrollment_start", text)
        .addColumn("open_enrollment_end", text)
        .addColumn("new_hire_days", int, (c) => c.notNull().defaultTo(30))
        .addColumn("updated_at", text, (c) => c.notNull())
        .addCheckConstraint("employer_settings_rule", sql`coverage_end_rule in ('end_of_month', 'termination_date')`)
        .execute();

      await create("census_uploads")
        .addColumn("group_id", int, (c) => c.notNull().references("groups.id").onDelete("cascade"))
        .addColumn("admin_id", int, (c) => c.references("group_admins.id"))
        .addColumn("file_name", text, (c) => c.notNull())
        .addColumn("file_sha256", text, (c) => c.notNull())
        .addColumn("row_count", int, (c) => c.notNull())
        .addColumn("rows_enc", text, (c) => c.notNull())
        .addColumn("created_at", text, (c) => c.notNull())
        .addColumn("applied_at", text)
        .execute();

      await create("coverage_events")
        .addColumn("group_id", int, (c) => c.references("groups.id"))
        .addColumn("employee_id", int, (c) => c.references("group_employees.id"))
        .addColumn("member_id", int, (c) => c.references("members.id"))
        .addColumn("enrollment_id", int, (c) => c.references("enrollments.id"))
        .addColumn("policy_id", int, (c) => c.references("policies.id"))
        .addColumn("plan_id", int, (c) => c.notNull().references("plans.id"))
        .addColumn("kind", text, (c) => c.notNull())
        .addColumn("effective_date", text, (c) => c.notNull())
        .addColumn("cause", text, (c) => c.notNull())
        .addColumn("actor", text, (c) => c.notNull())
        .addColumn("created_at", text, (c) => c.notNull())
        .addCheckConstraint("coverage_events_kind", sql`kind in ('enrolled', 'changed', 'terminated', 'reinstated')`)
        .execute();
      await db.schema.createIndex("coverage_events_member").on("coverage_events").columns(["member_id", "plan_id", "id"]).execute();
      await db.schema.createIndex("coverage_events_employee").on("coverage_events").columns(["employee_id", "id"]).execute();
    },
  };
}

/**
 * Issue 27: the catalog is versioned and effective-dated (ADR 022). A version is a set of plan
 * offers (offered with its rates, or withdrawn) made as a draft by an import and published with
 * an effective date; a published version's rows never change again. Pricing reads, per plan, the
 * latest published version on or before the coverage's effective date that says anything about
 * it. The rows already here (the demo catalog) become version 1, in force since 1900-01-01.
 * Rating areas (CMS Rate PUF) map a state's ZIP3 prefixes to an area key such as "TX:1".
 */
function catalogVersions(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable("catalog_versions") as CreateTableBuilder<string, never>)
        .addColumn("status", text, (c) => c.notNull())
        .addColumn("effective_date", text)
        .addColumn("created_at", text, (c) => c.notNull())
        .addColumn("published_at", text)
        .addColumn("published_by", text)
        .addColumn("source", text, (c) => c.notNull())
        .addColumn("summary", text)
        .addColumn("republished_from", int)
        .addColumn("rates_from", text)
        .addColumn("rates_until", text)
        .addColumn("payload", text)
        .addCheckConstraint("catalog_versions_status", sql`status in ('draft', 'published')`)
        .addCheckConstraint(
          "catalog_versions_published",
          sql`status = 'draft' or (effective_date is not null and published_at is not null)`,
        )
        .execute();
      await db.schema
        .createIndex("catalog_versions_in_force")
        .on("catalog_versions")
        .columns(["status", "effective_date", "published_at"])
        .execute();
      await db.schema
        .createTable("catalog_version_plans")
        .addColumn("version_id", int, (c) => c.notNull().references("catalog_versions.id").onDelete("cascade"))
        .addColumn("plan_id", int, (c) => c.notNull().references("plans.id").onDelete("cascade"))
        .addColumn("status", text, (c) => c.notNull())
        .addPrimaryKeyConstraint("catalog_version_plans_pk", ["version_id", "plan_id"])
        .addCheckConstraint("catalog_version_plans_status", sql`status in ('offered', 'withdrawn')`)
        .execute();
      await db.schema
        .createTable("rating_areas")
        .addColumn("state", text, (c) => c.notNull())
        .addColumn("zip3", text, (c) => c.notNull())
        .addColumn("area", text, (c) => c.notNull())
        .addPrimaryKeyConstraint("rating_areas_pk", ["state", "zip3"])
        .execute();
      await db.schema
        .alterTable("plan_prices")
        .addColumn("catalog_version_id", int, (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable("plan_prices").addColumn("rating_area", text).execute();
      await db.schema.createIndex("plan_prices_version").on("plan_prices").columns(["catalog_version_id", "plan_id"]).execute();
      const now = new Date().toISOString();
      await sql`insert into catalog_versions (id, status, effective_date, created_at, published_at, published_by, source, summary)
        values (1, 'published', '1900-01-01', ${now}, ${now}, 'migration', 'demo catalog', 'the catalog as it was before versions')`.execute(
        db,
      );
      if (dialect === "postgres") await sql`select setval(pg_get_serial_sequence('catalog_versions', 'id'), 1)`.execute(db);
      await sql`insert into catalog_version_plans (version_id, plan_id, status) select 1, id, 'offered' from plans`.execute(db);
    },
  };
}

/**
 * Issue 27: operators — the store's own staff — sign in to the console at /admin. `operators`
 * (e-mail, name, role, active), their server-side sessions (the cookie holds only a random token,
 * the row its SHA-256, as staff_sessions), their passkeys (WebAuthn credentials: the public key,
 * never a secret) and the console's trail (`operator_events`: who, what, which record, before →
 * after as JSON of the fields changed, when, request and client), append-only like audit_events.
 */
function operators(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const create = (name: string) => withId(dialect, db.schema.createTable(name) as CreateTableBuilder<string, never>);
      await create("operators")
        .addColumn("email", text, (c) => c.notNull().unique())
        .addColumn("name", text, (c) => c.notNull())
        .addColumn("role", text, (c) => c.notNull())
        .addColumn("active", int, (c) => c.notNull().defaultTo(1))
        .addColumn("created_at", text, (c) => c.notNull())
        .addColumn("updated_at", text, (c) => c.notNull())
        .addCheckConstraint("operators_role", sql`role in ('admin', 'catalog', 'sales', 'support')`)
        .execute();
      await create("operator_sessions")
        .addColumn("token_hash", text, (c) => c.notNull().unique())
        .addColumn("operator_id", int, (c) => c.notNull().references("operators.id"))
        .addColumn("method", text, (c) => c.notNull())
        .addColumn("ua_hash", text, (c) => c.notNull())
        .addColumn("created_at", text, (c) => c.notNull())
        .addColumn("last_seen_at", text, (c) => c.notNull())
        .addColumn("expires_at", text, (c) => c.notNull())
        .addColumn("ended_at", text)
        .addColumn("end_reason", text)
        .execute();
      await db.schema.createIndex("operator_sessions_open").on("operator_sessions").columns(["ended_at", "last_seen_at"]).execute();
      await create("operator_passkeys")
        .addColumn("operator_id", int, (c) => c.notNull().references("operators.id"))
        .addColumn("credential_id", text, (c) => c.notNull().unique())
        .addColumn("public_key", text, (c) => c.notNull())
        .addColumn("counter", int, (c) => c.notNull().defaultTo(0))
        .addColumn("transports", text)
        .addColumn("name", text, (c) => c.notNull())
        .addColumn("created_at", text, (c) => c.notNull())
        .addColumn("last_used_at", text)
        .execute();
      await create("operator_events")
        .addColumn("kind", text, (c) => c.notNull())
        .addColumn("operator_id", int)
        .addColumn("subject", text)
        .addColumn("target_type", text)
        .addColumn("target_id", text)
        .addColumn("before_json", text)
        .addColumn("after_json", text)
        .addColumn("detail", text)
        .addColumn("request_id", text)
        .addColumn("client_key", text)
        .addColumn("created_at", text, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("operator_events_operator").on("operator_events").columns(["operator_id", "id"]).execute();
      await db.schema.createIndex("operator_events_kind").on("operator_events").columns(["kind", "id"]).execute();
      await db.schema.createIndex("operator_events_client").on("operator_events").columns(["subject", "kind", "client_key"]).execute();
      if (dialect === "postgres") {
        await sql`create function operator_events_append_only() returns trigger language plpgsql as $$ begin raise exception 'operator_events is append-only'; end $$`.execute(
          db,
        );
        await sql`create trigger operator_events_no_change before update or delete on operator_events for each row execute function operator_events_append_only()`.execute(
          db,
        );
        await sql`create trigger operator_events_no_truncate before truncate on operator_events for each statement execute function operator_events_append_only()`.execute(
          db,
        );
      } else {
        await sql`create trigger operator_events_no_update before update on operator_events begin select raise(abort, 'operator_events is append-only'); end`.execute(
          db,
        );
        await sql`create trigger operator_events_no_delete before delete on operator_events begin select raise(abort, 'operator_events is append-only'); end`.execute(
          db,
        );
      }
    },
  };
}

/**
 * Portal names in Spanish (issue 26 #8): a portal's name showed in English on Spanish pages. A
 * portal without a Spanish name keeps showing its English one; the demo portals get theirs.
 */
const portalNamesEs: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("portals").addColumn("name_es", text).execute();
    const names: Record<string, string> = {
      DIRECT: "Directo al consumidor",
      EMPLOYER: "Portal de beneficios para empleadores",
      SENIOR: "Mercado para mayores de 65",
    };
    for (const [code, name] of Object.entries(names)) {
      await sql`update portals set name_es = ${name} where code = ${code} and name_es is null`.execute(db);
    }
  },
};

/**
 * Issue 28, second half: invitations (a keyed hash of each link's token, expiring with the
 * employee's window), waivers with their reason (a reversal is a new fact, never a deletion), the
 * notices already sent (one row per reminder and summary: the unique key makes each go once, whatever
 * the number of instances), the roster row's enrollment (the one its invitation started) and the
 * group's last "Remind now" (its cooldown).
 */
function employerInvitations(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const create = (name: string) => withId(dialect, db.schema.createTable(name) as CreateTableBuilder<string, never>);
      await db.schema
        .alterTable("group_employees")
        .addColumn("enrollment_id", int, (c) => c.references("enrollments.id"))
        .execute();
      await db.schema.alterTable("group_employees").addColumn("invited_at", text).execute();
      await db.schema.createIndex("group_employees_enrollment").on("group_employees").column("enrollment_id").execute();
      await db.schema.alterTable("employer_settings").addColumn("reminded_at", text).execute();
      await create("employee_invitations")
        .addColumn("group_id", int, (c) => c.notNull().references("groups.id").onDelete("cascade"))
        .addColumn("employee_id", int, (c) => c.notNull().references("group_employees.id").onDelete("cascade"))
        .addColumn("token_hash", text, (c) => c.notNull().unique())
        .addColumn("expires_at", text, (c) => c.notNull())
        .addColumn("sent_by", text, (c) => c.notNull())
        .addColumn("created_at", text, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("employee_invitations_employee").on("employee_invitations").column("employee_id").execute();
      await create("employee_waivers")
        .addColumn("group_id", int, (c) => c.notNull().references("groups.id").onDelete("cascade"))
        .addColumn("employee_id", int, (c) => c.notNull().references("group_employees.id").onDelete("cascade"))
        .addColumn("reason", text, (c) => c.notNull())
        .addColumn("other_text", text)
        .addColumn("waived_by", text, (c) => c.notNull())
        .addColumn("waived_at", text, (c) => c.notNull())
        .addColumn("reversed_by", text)
        .addColumn("reversed_at", text)
        .addCheckConstraint(
          "employee_waivers_reason",
          sql`reason in ('spouse_or_parent', 'medicare', 'medicaid_chip', 'other_group', 'individual', 'tricare_va', 'other')`,
        )
        .execute();
      await db.schema.createIndex("employee_waivers_employee").on("employee_waivers").columns(["employee_id", "id"]).execute();
      await create("employer_notices")
        .addColumn("notice_key", text, (c) => c.notNull().unique())
        .addColumn("group_id", int, (c) => c.notNull().references("groups.id").onDelete("cascade"))
        .addColumn("employee_id", int, (c) => c.references("group_employees.id").onDelete("cascade"))
        .addColumn("kind", text, (c) => c.notNull())
        .addColumn("created_at", text, (c) => c.notNull())
        .execute();
    },
  };
}

/**
 * Issue 29, the carrier feed (ADR 027): each carrier's delivery profile (834 or the documented
 * CSV; trading-partner ids; test or production; schedule; transport — the embedded directory or
 * SFTP, whose private key is NEVER stored here: `sftp_key_ref` names an environment variable
 * (env:NAME) or a file (file:/path)), the control numbers per trading partner (one row, moved on
 * by one atomic UPDATE inside the transaction that builds the file), the member snapshots last
 * sent, the files out and in, their transaction sets, the acknowledgments received, and the
 * status of each member's change (pending → sent → accepted / rejected → effective).
 */
function carrierFeed(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const create = (name: string) => withId(dialect, db.schema.createTable(name) as CreateTableBuilder<string, never>);
      await db.schema
        .createTable("carrier_profiles")
        .addColumn("carrier_id", int, (c) => c.primaryKey().references("carriers.id"))
        .addColumn("format", text, (c) => c.notNull())
        .addColumn("sender_qualifier", text, (c) => c.notNull())
        .addColumn("sender_id", text, (c) => c.notNull())
        .addColumn("receiver_qualifier", text, (c) => c.notNull())
        .addColumn("receiver_id", text, (c) => c.notNull())
        .addColumn("application_sender", text, (c) => c.notNull())
        .addColumn("application_receiver", text, (c) => c.notNull())
        .addColumn("usage", text, (c) => c.notNull().defaultTo("T"))
        .addColumn("sponsor_name", text, (c) => c.notNull())
        .addColumn("sponsor_id_qualifier", text, (c) => c.notNull())
        .addColumn("sponsor_id", text, (c) => c.notNull())
        .addColumn("payer_name", text, (c) => c.notNull())
        .addColumn("payer_id_qualifier", text, (c) => c.notNull())
        .addColumn("payer_id", text, (c) => c.notNull())
        .addColumn("master_policy", text, (c) => c.notNull())
        .addColumn("schedule", text, (c) => c.notNull().defaultTo("daily"))
        .addColumn("transport", text, (c) => c.notNull().defaultTo("local"))
        .addColumn("sftp_host", text)
        .addColumn("sftp_port", int)
        .addColumn("sftp_username", text)
        .addColumn("sftp_key_ref", text)
        .addColumn("sftp_host_key_sha256", text)
        .addColumn("sftp_outbox", text)
        .addColumn("sftp_inbox", text)
        .addColumn("active", int, (c) => c.notNull().defaultTo(1))
        .addColumn("updated_at", text, (c) => c.notNull())
        .addCheckConstraint("carrier_profiles_format", sql`format in ('834', 'csv')`)
        .addCheckConstraint("carrier_profiles_usage", sql`usage in ('T', 'P')`)
        .addCheckConstraint("carrier_profiles_schedule", sql`schedule in ('daily', 'weekly')`)
        .addCheckConstraint("carrier_profiles_transport", sql`transport in ('local', 'sftp')`)
        .addCheckConstraint(
          "carrier_profiles_key_ref",
          sql`sftp_key_ref is null or sftp_key_ref like 'env:%' or sftp_key_ref like 'file:%'`,
        )
        .execute();
      // one row per trading partner; ISA13, GS06 and ST02 move on together, never back
      await db.schema
        .createTable("carrier_control_numbers")
        .addColumn("sender_id", text, (c) => c.notNull())
        .addColumn("receiver_id", text, (c) => c.notNull())
        .addColumn("last_number", int, (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("carrier_control_numbers_pk", ["sender_id", "receiver_id"])
        .execute();
      await create("carrier_files")
        .addColumn("carrier_id", int, (c) => c.notNull().references("carriers.id"))
        .addColumn("direction", text, (c) => c.notNull())
        .addColumn("name", text, (c) => c.notNull())
        .addColumn("format", text, (c) => c.notNull())
        .addColumn("status", text, (c) => c.notNull())
        .addColumn("control_number", int)
        .addColumn("digest", text, (c) => c.notNull())
        .addColumn("content", text, (c) => c.notNull())
        .addColumn("problems_json", text)
        .addColumn("report_json", text)
        .addColumn("member_count", int, (c) => c.notNull().defaultTo(0))
        .addColumn("last_error", text)
        .addColumn("attempts", int, (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", text, (c) => c.notNull())
        .addColumn("sent_at", text)
        .addColumn("acknowledged_at", text)
        .addCheckConstraint("carrier_files_direction", sql`direction in ('out', 'in')`)
        .addCheckConstraint(
          "carrier_files_status",
          sql`status in ('held', 'waiting', 'sent', 'accepted', 'accepted-with-errors', 'rejected', 'read', 'unreadable')`,
        )
        .execute();
      await db.schema.createIndex("carrier_files_carrier").on("carrier_files").columns(["carrier_id", "direction", "id"]).execute();
      await db.schema.createIndex("carrier_files_name").unique().on("carrier_files").columns(["carrier_id", "direction", "name"]).execute();
      await create("carrier_transactions")
        .addColumn("file_id", int, (c) => c.notNull().references("carrier_files.id"))
        .addColumn("control_number", text, (c) => c.notNull())
        .addColumn("status", text, (c) => c.notNull())
        .addColumn("errors_json", text)
        .addColumn("acknowledged_at", text)
        .execute();
      await db.schema.createIndex("carrier_transactions_file").on("carrier_transactions").column("file_id").execute();
      await create("carrier_acknowledgments")
        .addColumn("carrier_id", int, (c) => c.notNull().references("carriers.id"))
        .addColumn("inbound_file_id", int, (c) => c.notNull().references("carrier_files.id"))
        .addColumn("file_id", int, (c) => c.references("carrier_files.id"))
        .addColumn("kind", text, (c) => c.notNull())
        .addColumn("control_number", text, (c) => c.notNull())
        .addColumn("outcome", text, (c) => c.notNull())
        .addColumn("detail_json", text, (c) => c.notNull())
        .addColumn("received_at", text, (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("carrier_member_snapshots")
        .addColumn("carrier_id", int, (c) => c.notNull().references("carriers.id"))
        .addColumn("member_key", text, (c) => c.notNull())
        .addColumn("snapshot_json", text, (c) => c.notNull())
        .addColumn("file_id", int, (c) => c.references("carrier_files.id"))
        .addColumn("updated_at", text, (c) => c.notNull())
        .addPrimaryKeyConstraint("carrier_member_snapshots_pk", ["carrier_id", "member_key"])
        .execute();
      await create("carrier_member_changes")
        .addColumn("carrier_id", int, (c) => c.notNull().references("carriers.id"))
        .addColumn("file_id", int, (c) => c.notNull().references("carrier_files.id"))
        .addColumn("member_key", text, (c) => c.notNull())
        .addColumn("member_id", int, (c) => c.references("members.id"))
        .addColumn("policy_id", int, (c) => c.references("policies.id"))
        .addColumn("plan_id", int, (c) => c.references("plans.id"))
        .addColumn("kind", text, (c) => c.notNull())
        .addColumn("maintenance", text, (c) => c.notNull())
        .addColumn("loop_start", int, (c) => c.notNull().defaultTo(0))
        .addColumn("loop_end", int, (c) => c.notNull().defaultTo(0))
        .addColumn("status", text, (c) => c.notNull())
        .addColumn("errors_json", text)
        .addColumn("before_json", text)
        .addColumn("created_at", text, (c) => c.notNull())
        .addColumn("decided_at", text)
        .addCheckConstraint("carrier_member_changes_status", sql`status in ('pending', 'sent', 'accepted', 'rejected', 'effective')`)
        .execute();
      await db.schema.createIndex("carrier_member_changes_file").on("carrier_member_changes").column("file_id").execute();
      await db.schema
        .createIndex("carrier_member_changes_policy")
        .on("carrier_member_changes")
        .columns(["policy_id", "plan_id", "id"])
        .execute();
      await db.schema.createIndex("carrier_member_changes_member").on("carrier_member_changes").columns(["member_id", "id"]).execute();
    },
  };
}

/**
 * Issue 28, invitation links (ADR 023): a link ends when the employee's e-mail address changes or
 * they are terminated (`revoked_at`, and why); a waiver made from a link remembers the browser that
 * made it (a keyed hash of its hold token), so only that browser takes it back without a code.
 */
const invitationLinks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("employee_invitations").addColumn("revoked_at", text).execute();
    await db.schema.alterTable("employee_invitations").addColumn("revoked_reason", text).execute();
    await db.schema.alterTable("employee_waivers").addColumn("holder_hash", text).execute();
  },
};

/**
 * Passkeys for operators (issue 27, ADR 025). The credentials table came with 016 and was never
 * written; it gains what a WebAuthn sign-in needs besides the key: the user handle the
 * authenticator keeps for the account (random, the same for every passkey of one operator), whether
 * the credential is device-bound or synced and backed up. A signature counter is an unsigned 32-bit
 * number: PostgreSQL's integer stops at 2^31, so it becomes bigint there (SQLite's integer is 64-bit).
 * The challenges of the ceremonies live on the server, single use and expiring. And the catalog
 * changes the command line made before its changes went on the console's trail are copied there.
 */
function operatorPasskeys(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("operator_passkeys").addColumn("user_handle", text).execute();
      await db.schema.alterTable("operator_passkeys").addColumn("device_type", text).execute();
      await db.schema
        .alterTable("operator_passkeys")
        .addColumn("backed_up", int, (c) => c.notNull().defaultTo(0))
        .execute();
      if (dialect === "postgres") await sql`alter table operator_passkeys alter column counter type bigint`.execute(db);
      await db.schema.createIndex("operator_passkeys_operator").on("operator_passkeys").columns(["operator_id", "id"]).execute();
      await withId(dialect, db.schema.createTable("operator_passkey_challenges") as CreateTableBuilder<string, never>)
        .addColumn("challenge", text, (c) => c.notNull().unique())
        .addColumn("purpose", text, (c) => c.notNull())
        .addColumn("operator_id", int, (c) => c.references("operators.id"))
        .addColumn("created_at", text, (c) => c.notNull())
        .addColumn("expires_at", text, (c) => c.notNull())
        .addColumn("used_at", text)
        .addCheckConstraint("operator_passkey_challenges_purpose", sql`purpose in ('register', 'sign_in')`)
        .addCheckConstraint("operator_passkey_challenges_owner", sql`(purpose = 'register') = (operator_id is not null)`)
        .execute();
      await db.schema.createIndex("operator_passkey_challenges_expiry").on("operator_passkey_challenges").column("expires_at").execute();
      // The console's trail is the one place that reads operators' changes: catalog changes made
      // from the command line were until now only in audit_events (the console's own were in both).
      // They are copied over as the command line's (request "cli"), in their order; nothing is removed.
      await sql`insert into operator_events (kind, operator_id, subject, target_type, target_id, detail, request_id, client_key, created_at)
        select kind, null, null, 'catalog_version', substr(detail, 9), null, 'cli', null, created_at
        from audit_events
        where kind like 'catalog.%' and detail like 'version:%' and (actor is null or actor not like 'operator:%')
        order by id`.execute(db);
    },
  };
}

/**
 * The carrier feed, second half (issue 29, ADR 024): the weekday of a profile's weekly full audit
 * file (0 Sunday … 6 Saturday; null when the profile sends daily changes only), which files are
 * full audit files, and a file's content sealed when it carries SSNs (NM109): `content` then
 * holds the file with each SSN masked, for the console; only delivery opens `content_enc`.
 */
const carrierFeedMore: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("carrier_profiles").addColumn("full_file_weekday", "integer").execute();
    await db.schema
      .alterTable("carrier_files")
      .addColumn("purpose", "text", (c) => c.notNull().defaultTo("changes"))
      .execute();
    await db.schema.alterTable("carrier_files").addColumn("content_enc", "text").execute();
    await db.schema.createIndex("carrier_files_purpose").on("carrier_files").columns(["carrier_id", "purpose", "id"]).execute();
  },
};

/**
 * The roster e-mail an invitation's enrollment began under (ADR 023), as a keyed hash: a code that
 * continues the enrollment goes there only while the roster still says so — an admin who changes the
 * address afterwards does not get the code. Rows linked before this migration have none (treated as
 * changed: their codes go to the e-mail typed in the enrollment, else none is sent).
 */
const invitationEnrollmentAddress: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("group_employees").addColumn("enrollment_email_hash", text).execute();
  },
};

/**
 * Brand images uploaded in the console (issue 27, ADR 028): a rep's logo and banner, kept in the
 * database (every instance sees them, a deploy keeps them, a backup holds them) and served at
 * /brand-images/<sha256>.<ext>. The bytes are content-addressed: one row per distinct image.
 */
function brandImages(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable("brand_images") as CreateTableBuilder<string, never>)
        .addColumn("sha256", text, (c) => c.notNull().unique())
        .addColumn("content_type", text, (c) => c.notNull())
        .addColumn("byte_size", int, (c) => c.notNull())
        .addColumn("bytes", dialect === "postgres" ? "bytea" : "blob", (c) => c.notNull())
        .addColumn("created_at", text, (c) => c.notNull())
        .execute();
    },
  };
}

/**
 * Issue 27: a portal can be deactivated in the console (active 0): it is no longer offered, and
 * the referral links and group landings that start enrollments under it stop at once (410). A
 * site's link can be deactivated too: the site no longer shows it, and it can be shown again.
 */
const portalAndSiteLinkActive: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ["portals", "site_links"])
      await db.schema
        .alterTable(table)
        .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
        .execute();
  },
};

/**
 * Member benefit store links work once per browser (ADR 033): the first browser that presses the
 * link's button holds it; another browser needs a code e-mailed to the member. A link (member id
 * and expiry) and its holder browser are kept as keyed hashes only.
 */
function memberLinkHolders(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(dialect, db.schema.createTable("member_link_holders") as CreateTableBuilder<string, never>)
        .addColumn("link_hash", text, (c) => c.notNull().unique())
        .addColumn("member_id", int, (c) => c.notNull().references("members.id").onDelete("cascade"))
        .addColumn("holder_hash", text, (c) => c.notNull())
        .addColumn("expires_at", text, (c) => c.notNull())
        .addColumn("created_at", text, (c) => c.notNull())
        .addColumn("updated_at", text, (c) => c.notNull())
        .execute();
      await db.schema.createIndex("member_link_holders_member").on("member_link_holders").column("member_id").execute();
    },
  };
}

/**
 * Issue 24 (ADR 031, eighth round): the recommendations query asks, for every plan of the
 * catalog, whether a published price exists for the visitor's tier and age (and gender):
 * `plan_prices_lookup` (plan_id, tier) found the plan's rows of that tier and each was then read
 * from the table for its version, age band, price and gender. This index answers the question
 * from the index alone, and its order (the age band's upper bound before its lower) makes the
 * first entry at or above the visitor's age the band that holds it.
 */
const planPricesOffer: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex("plan_prices_offer")
      .on("plan_prices")
      .columns(["plan_id", "tier", "catalog_version_id", "age_max", "age_min", "price_cents", "gender"])
      .execute();
  },
};

/**
 * Issue 24 (ADR 031, ninth round): the recommendations read which plans a visitor may be offered
 * from the catalog held in memory (the version in force on their coverage date), no longer from
 * `plan_prices`; nothing asks the question migration 032's index answered, so it goes (one index
 * less to keep on every catalog import).
 */
const planPricesOfferDropped: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex("plan_prices_offer").ifExists().execute();
  },
};

/**
 * A signing link's wrong dates of birth, counted with the link for its whole life (ADR 005
 * addendum): the rate limiter keeps a window of a day at most, so over the link's 14 days a holder
 * got 4 wrong answers a day. Existing links start at 0.
 */
const linkTokenAttempts: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable("link_tokens")
      .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
};

type AnyRow = Record<string, unknown>;

/** Rewrites one text column, 200 rows at a time (keyset on id), only where the value changes. */
async function rewriteColumn(db: Kysely<unknown>, table: string, column: string, change: (value: string) => string, inbound = false) {
  const anyDb = db as unknown as Kysely<Record<string, AnyRow>>;
  let last = 0;
  for (;;) {
    let query = anyDb.selectFrom(table).select(["id", column]).where(column, "is not", null).where("id", ">", last);
    if (inbound) query = query.where("direction", "=", "in");
    const rows = (await query.orderBy("id").limit(200).execute()) as AnyRow[];
    if (!rows.length) break;
    for (const row of rows) {
      const value = row[column] as string;
      const kept = change(value);
      if (kept !== value)
        await anyDb
          .updateTable(table)
          .set({ [column]: kept })
          .where("id", "=", row.id)
          .execute();
    }
    last = Number(rows[rows.length - 1]!.id);
  }
}

/** A JSON column's value changed by `change`; a value that is not JSON is left as it is. */
const inJson =
  <T>(change: (value: T) => T) =>
  (text: string) => {
    let parsed: T;
    try {
      parsed = JSON.parse(text) as T;
    } catch {
      return text;
    }
    const kept = JSON.stringify(change(parsed));
    return kept === JSON.stringify(parsed) ? text : kept;
  };

type StoredErrors = AckError[] | { errors?: AckError[]; codes?: unknown };
const keptErrors = (detail: StoredErrors): StoredErrors =>
  Array.isArray(detail) ? detail.map(keptError) : detail?.errors ? { ...detail, errors: detail.errors.map(keptError) } : detail;

/**
 * Security review of the carrier feed (ADR 024, addendum): what a carrier's file echoed back and was
 * kept in clear before the fix is masked as receive.ts now keeps it: an inbound file's `content`
 * becomes the console's view, every personal element masked (a 999's IK404 copy of an SSN rejected
 * in NM109, an effectuation 834's names and subscriber ids; a file that is not X12 keeps nothing in
 * the clear); a 999's personal bad values leave the acknowledgment's `detail_json`, the
 * transactions' and the member changes' `errors_json`; an effectuation report keeps its unknown
 * members by masked subscriber id, without names. The whole inbound file stays sealed in
 * `content_enc` (receive.ts has sealed it since ADR 024's second half); a migration has no key, so
 * an older row without that sealed copy keeps only the masked one (the file itself is in the
 * carrier's processed folder).
 */
const carrierEchoesMasked: Migration = {
  async up(db: Kysely<unknown>) {
    await rewriteColumn(db, "carrier_files", "content", keptInbound, true);
    await rewriteColumn(
      db,
      "carrier_files",
      "report_json",
      inJson<ReconciliationReport>((r) => (r?.unknownToUs ? keptReport(r) : r)),
    );
    await rewriteColumn(
      db,
      "carrier_acknowledgments",
      "detail_json",
      inJson<FunctionalAck | InterchangeAck>((a) => (a?.kind === "999" && Array.isArray(a.transactions) ? keptAck(a) : a)),
    );
    await rewriteColumn(db, "carrier_transactions", "errors_json", inJson(keptErrors));
    await rewriteColumn(db, "carrier_member_changes", "errors_json", inJson(keptErrors));
  },
};

/**
 * The console's view of a carrier's file became an allow-list (domain/x12/masked.ts SHOWN, ADR 027
 * addendum): 033's rewrite again, so a file kept before keeps no height, weight, income or sponsor's
 * SSN that 033's list let through, nor a 999's copy of one; and a held file's problems quote no member's
 * value (a malformed ZIP or date of birth), as checkImplementationGuide keeps them now.
 */
const carrierEchoesAllowList: Migration = {
  async up(db: Kysely<unknown>) {
    await carrierEchoesMasked.up(db);
    type Kept = { segment?: string; params?: Record<string, string> };
    await rewriteColumn(
      db,
      "carrier_files",
      "problems_json",
      inJson<Kept[]>((problems) =>
        Array.isArray(problems)
          ? problems.map((p) =>
              p?.params?.value && p.segment && shownBadValue(p.segment, p.params.value, p.params.element) === undefined
                ? { ...p, params: { ...p.params, value: MASK } }
                : p,
            )
          : problems,
      ),
    );
  },
};

/**
 * Personal data at rest (w11 review, ADR 024 addendum): what older rows still held in the clear is
 * kept the way rows written today are.
 * - A plan's Enroll-Now outcome is health data ("declined": the applicant gave an answer the plan
 *   refuses, e.g. a diagnosis): sealed in `plan_answers.outcome_enc`, and the clear `outcome` goes.
 * - Outbox rows from before migration 009 kept their body in `text_body`/`html_body`: one delivered
 *   loses it (a message delivered today keeps no body: markMessageSent), any other (failed, kept in
 *   the dev outbox) is sealed in `body_enc` as platform/outbox.ts seals one today.
 * - A carrier's inbound file keeps its clear copy with a 999's CTX values masked (keptInbound).
 * Sealing needs the key, which only this migration of them all is given (`migrate(store, { cipher })`,
 * boot.ts): without it, a database holding a value to seal is refused before anything changes
 * (SQLite runs a migration outside a transaction); an empty one migrates as before.
 */
function personalDataAtRest(cipher: Cipher | undefined): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const anyDb = db as unknown as Kysely<Record<string, AnyRow>>;
      const clearBodies = () =>
        anyDb
          .selectFrom("outbox")
          .select(["id", "status", "text_body", "html_body"])
          .where("body_enc", "is", null)
          .where((eb) => eb.or([eb("text_body", "<>", ""), eb("html_body", "is not", null)]));
      if (!cipher) {
        const answer = await anyDb.selectFrom("plan_answers").select("enrollment_id").limit(1).executeTakeFirst();
        const body = await clearBodies().where("status", "<>", "sent").limit(1).executeTakeFirst();
        if (answer || body)
          throw new Error(
            "migration 038 seals plan outcomes and old outbox bodies: it needs the encryption key (ENCRYPTION_KEY or ENCRYPTION_KEYS; migrate(store, { cipher }))",
          );
      }

      await db.schema.alterTable("plan_answers").addColumn("outcome_enc", "text").execute();
      for (;;) {
        const rows = await anyDb
          .selectFrom("plan_answers")
          .select(["enrollment_id", "plan_id", "kind", "outcome"])
          .where("outcome_enc", "is", null)
          .limit(200)
          .execute();
        if (!rows.length) break;
        for (const row of rows)
          await anyDb
            .updateTable("plan_answers")
            .set({ outcome_enc: cipher!.encrypt(String(row.outcome)) })
            .where("enrollment_id", "=", row.enrollment_id)
            .where("plan_id", "=", row.plan_id)
            .where("kind", "=", row.kind)
            .execute();
      }
      await db.schema.alterTable("plan_answers").dropColumn("outcome").execute();

      let last = 0;
      for (;;) {
        const rows = await clearBodies().where("id", ">", last).orderBy("id").limit(200).execute();
        if (!rows.length) break;
        for (const row of rows) {
          const body =
            row.status === "sent"
              ? null
              : cipher!.encrypt(JSON.stringify({ text: String(row.text_body ?? ""), html: row.html_body ?? null, attachments: [] }));
          await anyDb.updateTable("outbox").set({ text_body: "", html_body: null, body_enc: body }).where("id", "=", row.id).execute();
        }
        last = Number(rows[rows.length - 1]!.id);
      }

      await rewriteColumn(db, "carrier_files", "content", keptInbound, true);
    },
  };
}

/** `cipher`: the encryption key, for the one migration that seals what older rows kept in clear (038). */
export function migrationProvider(dialect: Dialect, options: { cipher?: Cipher } = {}): MigrationProvider {
  return {
    async getMigrations() {
      return {
        "001_initial": initial(dialect),
        "002_one_time_fee": oneTimeFee,
        "003_group_payment_method": groupPaymentMethod,
        "004_remote_signature": remoteSignature,
        "005_step_drafts": stepDrafts,
        "006_group_admins": groupAdmins(dialect),
        "007_staff_sessions": staffSessions(dialect),
        "008_audit_trail": auditTrail(dialect),
        "009_reliable_outbox": reliableOutbox,
        "010_enrollment_record": enrollmentRecord,
        "011_plan_facts": planFacts,
        "012_recommendation_version": recommendationVersion(dialect),
        "013_enrollment_holder": enrollmentHolder,
        "014_audit_client": auditClient,
        "015_one_screenshot_per_step": oneScreenshotPerStep,
        "016_operators": operators(dialect),
        "017_catalog_versions": catalogVersions(dialect),
        "018_address_line_2": addressLine2,
        "020_employer_roster": employerRoster(dialect),
        "021_portal_names_es": portalNamesEs,
        "023_employer_invitations": employerInvitations(dialect),
        "024_carrier_feed": carrierFeed(dialect),
        "025_invitation_links": invitationLinks,
        "026_carrier_feed_profiles_audit_ssn": carrierFeedMore,
        "027_operator_passkeys": operatorPasskeys(dialect),
        "028_brand_images": brandImages(dialect),
        "029_portal_and_site_link_active": portalAndSiteLinkActive,
        "030_invitation_enrollment_address": invitationEnrollmentAddress,
        "031_member_link_holders": memberLinkHolders(dialect),
        "032_plan_prices_offer": planPricesOffer,
        "033_carrier_echoes_masked": carrierEchoesMasked,
        "036_plan_prices_offer_dropped": planPricesOfferDropped,
        "037_link_token_attempts": linkTokenAttempts,
        "038_personal_data_at_rest": personalDataAtRest(options.cipher),
        "039_carrier_echoes_allow_list": carrierEchoesAllowList,
      };
    },
  };
}
