/**
 * Rows several loaders of one page need (the shell, a layout, the page itself), read once per
 * GET request through the request's memo (platform/request-memo.ts).
 */
import type { Services } from "../services";
import { once } from "../platform/request-memo";
import { findEnrollmentWithRows } from "../repositories/enrollments";

/** The enrollment with its cart lines and saved steps: one statement, shared by the three reads below. */
const enrollmentRowsOnce = (services: Services, id: number) => once(services, `enrollment:${id}`, () => findEnrollmentWithRows(services.db, services.dialect, id));

export const enrollmentOnce = async (services: Services, id: number) => (await enrollmentRowsOnce(services, id))?.enrollment;
export const cartLinesOnce = async (services: Services, enrollmentId: number) => (await enrollmentRowsOnce(services, enrollmentId))?.lines ?? [];
export const stepRowsOnce = async (services: Services, enrollmentId: number) => (await enrollmentRowsOnce(services, enrollmentId))?.steps ?? [];
