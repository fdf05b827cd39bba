/**
 * What goes into the keyed hashes that key rotation makes again from data the database holds
 * (repositories/sealed-columns.ts, `rehashAll`). One definition, used both where a hash is made and
 * where the rotation remakes it: a rotation that hashed a value differently from the pages would
 * leave hashes that find nothing (the roster's duplicate-SSN check, security review of issue 16).
 */

/** `group_employees.ssn_hash`: the 9 digits (the value sealed in `ssn_enc`). */
export const employeeSsnHashInput = (ssn: string) => `employee-ssn:${ssn}`;

/** `group_employees.enrollment_email_hash`: the roster e-mail an enrollment began under (case and spaces aside). */
export const rosterEmailHashInput = (email: string) => `roster-email:${email.trim().toLowerCase()}`;

export type ContactKind = "email" | "phone";

/** The contact step's verified e-mail or phone, and the target of a contact-step code (case and spaces aside). */
export const contactHashInput = (kind: ContactKind, value: string) => `${kind}:${value.trim().toLowerCase()}`;

/** The purpose of a contact-step code of a kind (`one_time_codes.purpose`). */
export const contactCodePurpose = (kind: ContactKind) => `otp_${kind}`;
