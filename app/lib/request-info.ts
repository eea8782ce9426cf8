import { createContext } from "react-router";

/** Per-request facts set by the Node server: the CSP nonce, the request id and the client's IP. */
export interface RequestInfo {
  nonce: string;
  requestId: string;
  clientIp: string;
}

export const requestInfoContext = createContext<RequestInfo>({ nonce: "", requestId: "", clientIp: "unknown" });
