/**
 * Rows several loaders of one page need (the shell, a layout, the page itself), read once per
 * GET request through the request's memo (platform/request-memo.ts).
 */
import type { Services } from "../services";
import { once } from "../platform/request-memo";
import { findEnrollment } from "../repositories/enrollments";
import { cartLines } from "../repositories/cart";
import { stepRows } from "../repositories/steps";

export const enrollmentOnce = (services: Services, id: number) => once(services, `enrollment:${id}`, () => findEnrollment(services.db, id));
export const cartLinesOnce = (services: Services, enrollmentId: number) => once(services, `cart-lines:${enrollmentId}`, () => cartLines(services.db, enrollmentId));
export const stepRowsOnce = (services: Services, enrollmentId: number) => once(services, `step-rows:${enrollmentId}`, () => stepRows(services.db, enrollmentId));
