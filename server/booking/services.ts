import type { CoreServices } from "#server/core-services.ts";
import { bookingRules } from "#server/booking/settings.ts";
import type { BookingRules } from "#server/booking/slots.ts";
import { BookingStore } from "#server/booking/store.ts";
import { manageTokenSecret } from "#server/booking/token.ts";

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
