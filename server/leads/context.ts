import { createContext } from "react-router";

/** The visitor's address (server/client-address.ts), set per request by the server's getLoadContext. */
export const clientAddressContext = createContext<string>("unknown");
