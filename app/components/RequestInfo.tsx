import { createContext, useContext } from "react";
import type { PlanCardData } from "~/views/plans";

/** Per-response values that are not loader data: the CSP nonce and the request id. */
export interface RequestInfo {
  nonce: string;
  requestId: string;
  /**
   * Server only: the whole cards of a plans screen whose hydration data carries only what the
   * browser needs (views/plans.ts, ListedCard), by plan id — what the server draws them from.
   */
  listedCards?: ReadonlyMap<number, PlanCardData>;
}

const Ctx = createContext<RequestInfo>({ nonce: "", requestId: "" });
export const RequestInfoProvider = Ctx.Provider;
export const useRequestInfo = () => useContext(Ctx);
