import { createContext, useContext } from "react";
import type { TFunction } from "i18next";
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
  /** Server only: draws a card's unchanging part, once per shared priced card (.server/store/card-html.ts). */
  cardBodyHtml?: (card: PlanCardData, t: TFunction, language: string) => string;
}

const Ctx = createContext<RequestInfo>({ nonce: "", requestId: "" });
export const RequestInfoProvider = Ctx.Provider;
export const useRequestInfo = () => useContext(Ctx);
