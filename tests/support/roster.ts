/** The roster's test data and the invitation links it sends (issues 28, 36). */
import type { TestApp } from "./db";
import type { TestClient } from "./client";
import { openedAll } from "./outbox";
import { action as invitationAction } from "~/routes/invitation.$token";

/** One employee of the roster's form as a group admin posts it (issue 28): active, full time, in Dallas. */
export function rosterEmployeeForm(e: { ref: string; first: string; email: string; ssn?: string }) {
  return {
    intent: "save",
    employeeRef: e.ref,
    firstName: e.first,
    lastName: "Moreno",
    birthdate: "03/04/1985",
    gender: "1",
    email: e.email,
    phone: "",
    ssn: e.ssn ?? "",
    hireDate: "01/02/2020",
    status: "active",
    employmentClass: "full_time",
    address1: "12 Elm St",
    address2: "",
    city: "Dallas",
    state: "TX",
    zip: "75201",
  };
}

/** An enrollment window open on 2026-11-10 (the invitation tests' clock): November's open enrollment. */
export const OPEN_WINDOW = {
  openEnrollmentStart: "11/01/2026",
  openEnrollmentEnd: "11/30/2026",
  newHireDays: "30",
  coverageEndRule: "end_of_month",
};

const INVITATION_LINK = /\/invitation\/([A-Za-z0-9_-]{43})\b/;

/** The invitation links' tokens e-mailed to `to`, oldest first (read from the outbox as the employee would). */
export async function invitationTokens(app: TestApp, to: string): Promise<string[]> {
  const rows = await app.store.db.selectFrom("outbox").selectAll().where("kind", "=", "employee_invitation").orderBy("id").execute();
  return (await openedAll(app, rows))
    .filter((m) => m.recipient === to)
    .map((m) => INVITATION_LINK.exec(m.text_body ?? "")?.[1])
    .filter((t): t is string => Boolean(t));
}

/** A post to an invitation link's page. */
export const postInvitation = (c: TestClient, token: string, values: Record<string, string>) =>
  c.submit(invitationAction, `/invitation/${token}`, values, { params: { token } });
