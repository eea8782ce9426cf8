import { createContext } from "react-router";

/** Per-request facts set by the Node server: the CSP nonce and the request id. */
export interface RequestInfo {
  nonce: string;
  requestId: string;
}

export const requestInfoContext = createContext<RequestInfo>({ nonce: "", requestId: "" });
