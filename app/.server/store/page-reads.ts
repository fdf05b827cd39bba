/**
 * Rows several loaders of one page need (the shell, a layout, the page itself), read once per
 * GET request through the request's memo (platform/request-memo.ts).
 */
import type { Services } from "../services";
import { enrollmentRowsOnce } from "./enrollment-rows";

export const enrollmentOnce = async (services: Services, id: number) => (await enrollmentRowsOnce(services, id))?.enrollment;
export const cartLinesOnce = async (services: Services, enrollmentId: number) =>
  (await enrollmentRowsOnce(services, enrollmentId))?.lines ?? [];
export const stepRowsOnce = async (services: Services, enrollmentId: number) =>
  (await enrollmentRowsOnce(services, enrollmentId))?.steps ?? [];
