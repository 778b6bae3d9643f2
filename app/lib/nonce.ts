import { createContext, useContext } from "react";

/** The request's CSP nonce on the server; empty in the browser (browsers hide it anyway). */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
