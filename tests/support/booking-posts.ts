import { botFields } from "#app/forms/bot-fields.ts";
import { formTokenAged } from "#tests/support/leads.ts";
import type { RunningServer } from "#tests/support/server.ts";

/** The HMAC key a booking test's server is started with, so its form tokens can be made here. */
export const BOOKING_HMAC_KEY = "booking-posts-hmac-key-0123456789abcdef";

/** The slot starts /calendar offers now, as its radios' values. */
export async function offeredSlots(server: RunningServer): Promise<string[]> {
  const html = await (await fetch(`${server.url}/calendar`)).text();
  return [...html.matchAll(/name="slot" value="([^"]+)"/g)].map((m) => m[1]!);
}

let visitors = 0;

/**
 * Books a slot as a browser without JavaScript does, from an address and with
 * an email of its own (the server must trust X-Forwarded-For and use
 * BOOKING_HMAC_KEY), with `extra` fields (the time zone the form's script adds); the redirect is not followed.
 */
export async function bookSlot(server: RunningServer, slot: string, name = "Thandi Nkosi", extra: Record<string, string> = {}) {
  const n = ++visitors;
  const fields = {
    slot,
    day: slot.slice(0, 10),
    name,
    email: `visitor-${n}@example.co.za`,
    company: "Nkosi Retail",
    phone: "",
    website: "",
    message: "",
    [botFields.honeypot]: "",
    [botFields.formToken]: formTokenAged(BOOKING_HMAC_KEY, 5000),
    ...extra,
  };
  const res = await fetch(`${server.url}/calendar`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "X-Forwarded-For": `203.0.113.${(n % 250) + 1}` },
    redirect: "manual",
  });
  return { status: res.status, location: res.headers.get("location"), html: await res.text(), email: fields.email };
}
