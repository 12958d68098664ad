import type { CoreServices } from "../services.ts";
import { bookingRules } from "./settings.ts";
import type { BookingRules } from "./slots.ts";
import { BookingStore } from "./store.ts";
import { manageTokenSecret } from "./token.ts";

/** What Book a Call keeps of its own: its table's store, the BOOKING_* rules and the manage links' key. */
export interface BookingServices {
  store: BookingStore;
  rules: BookingRules;
  secret: string;
}

export function bookingServices(core: CoreServices): BookingServices {
  const rules = bookingRules(core.settings);
  return {
    store: new BookingStore(core.database, rules.callsPerMailbox),
    rules,
    secret: manageTokenSecret(core.settings, core.secrets),
  };
}
