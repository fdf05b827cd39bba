import { createContext, useContext } from "react";

/** Per-response values that are not loader data: the CSP nonce and the request id. */
export interface RequestInfo {
  nonce: string;
  requestId: string;
}

const Ctx = createContext<RequestInfo>({ nonce: "", requestId: "" });
export const RequestInfoProvider = Ctx.Provider;
export const useRequestInfo = () => useContext(Ctx);
