import { isIP } from "node:net";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";
import type { Kysely } from "kysely";
import { site } from "#app/config/site.ts";
import type { Database } from "#server/db/schema.ts";

// WebAuthn beside the authenticator app (docs/decisions/0045); the relying party is SITE_URL's, whatever address the proxy uses.

/**
 * The WebAuthn library, loaded at the first ceremony: with its certificate parsers it is two hundred
 * modules, a tenth of a start's CPU for a server most of whose starts never see a passkey.
 */
const webAuthn = () => import("@simplewebauthn/server");

/** The browser's own prompt gives up sooner (CEREMONY_TIMEOUT_MS). */
const CHALLENGE_MINUTES = 5;
const CEREMONY_TIMEOUT_MS = 2 * 60_000;
export const PASSKEY_NAME_MAX_LENGTH = 60;

export interface RelyingParty {
  id: string;
  origin: string;
}

/** WebAuthn never takes an IP address. */
function relyingParty(siteUrl: string): RelyingParty | null {
  const url = new URL(siteUrl);
  return isIP(url.hostname.replace(/^\[|\]$/g, "")) ? null : { id: url.hostname, origin: url.origin };
}

/** A browser signs only for the address it is at. */
export function passkeysAt(requestUrl: string, siteUrl: string): { ok: true; rp: RelyingParty } | { ok: false; why: string } {
  const rp = relyingParty(siteUrl);
  if (!rp) return { ok: false, why: "Passkeys need the site at a host name: its address (SITE_URL) is an IP address." };
  if (new URL(requestUrl).origin !== rp.origin) return { ok: false, why: `Passkeys work at the inbox's own address, ${rp.origin}/admin.` };
  return { ok: true, rp };
}

type Db = Kysely<Database>;

type ChallengeOwner = { session: string } | { signIn: string };

const ownerKey = (owner: ChallengeOwner) => ("session" in owner ? `session ${owner.session}` : `sign-in ${owner.signIn}`);

async function keepChallenge(db: Db, owner: ChallengeOwner, userId: number, challenge: string, now: Date): Promise<void> {
  await db
    .insertInto("admin_passkey_challenges")
    .values({ owner: ownerKey(owner), user_id: userId, challenge, created_at: now })
    .onConflict((oc) => oc.column("owner").doUpdateSet({ user_id: userId, challenge, created_at: now }))
    .execute();
}

async function takeChallenge(db: Db, owner: ChallengeOwner, now: Date): Promise<string | null> {
  const taken = await db
    .deleteFrom("admin_passkey_challenges")
    .where("owner", "=", ownerKey(owner))
    .returning(["challenge", "created_at"])
    .executeTakeFirst();
  if (!taken || now.getTime() - new Date(taken.created_at).getTime() > CHALLENGE_MINUTES * 60_000) return null;
  return taken.challenge;
}

export async function sweepChallenges(db: Db, now: Date): Promise<void> {
  await db
    .deleteFrom("admin_passkey_challenges")
    .where("created_at", "<", new Date(now.getTime() - CHALLENGE_MINUTES * 60_000))
    .execute();
}

const transportsOf = (stored: string | null): string[] | undefined => (stored ? (JSON.parse(stored) as string[]) : undefined);

async function passkeyRows(db: Db, userId: number) {
  return db.selectFrom("admin_passkeys").selectAll().where("user_id", "=", userId).orderBy("created_at").orderBy("id").execute();
}

export async function listPasskeys(db: Db, userId: number) {
  return (await passkeyRows(db, userId)).map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: new Date(row.created_at),
    lastUsedAt: row.last_used_at ? new Date(row.last_used_at) : null,
  }));
}

export async function hasPasskeys(db: Db, userId: number): Promise<boolean> {
  return Boolean(await db.selectFrom("admin_passkeys").select("id").where("user_id", "=", userId).limit(1).executeTakeFirst());
}

/** No personal data. */
const userHandle = (userId: number) => new TextEncoder().encode(`roi-inbox-user-${userId}`);

export async function registrationOptions(
  db: Db,
  rp: RelyingParty,
  user: { id: number; email: string },
  session: string,
  now = new Date(),
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await passkeyRows(db, user.id);
  const { generateRegistrationOptions } = await webAuthn();
  const options = await generateRegistrationOptions({
    rpName: site.name,
    rpID: rp.id,
    userName: user.email,
    userID: userHandle(user.id),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: "none",
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row.transports) })),
    // The key's presence is the second factor; a PIN or fingerprint is welcome, not required.
    authenticatorSelection: { residentKey: "discouraged", userVerification: "preferred" },
  });
  await keepChallenge(db, { session }, user.id, options.challenge, now);
  return options;
}

function parsed<T>(text: string): T | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as T) : null;
  } catch {
    return null;
  }
}

export const PASSKEY_NOT_ADDED = "That passkey could not be added. Try again, or try another one.";

export async function addPasskey(
  db: Db,
  rp: RelyingParty,
  userId: number,
  session: string,
  input: { response: string; name: string },
  now = new Date(),
): Promise<{ ok: true } | { ok: false; problem: string }> {
  const challenge = await takeChallenge(db, { session }, now);
  if (!challenge) return { ok: false, problem: "That took too long. Press Add a passkey again." };
  const response = parsed<RegistrationResponseJSON>(input.response);
  if (!response) return { ok: false, problem: PASSKEY_NOT_ADDED };
  const { verifyRegistrationResponse } = await webAuthn();
  let verified;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
  } catch {
    return { ok: false, problem: PASSKEY_NOT_ADDED };
  }
  if (!verified.verified) return { ok: false, problem: PASSKEY_NOT_ADDED };
  const { credential } = verified.registrationInfo;
  const added = await db
    .insertInto("admin_passkeys")
    .values({
      user_id: userId,
      credential_id: credential.id,
      public_key: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports ? JSON.stringify(credential.transports) : null,
      name: input.name,
      created_at: now,
      last_used_at: null,
    })
    .onConflict((oc) => oc.column("credential_id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return added ? { ok: true } : { ok: false, problem: "That passkey is already added." };
}

export async function removePasskey(db: Db, userId: number, passkeyId: number): Promise<string | undefined> {
  const removed = await db
    .deleteFrom("admin_passkeys")
    .where("id", "=", passkeyId)
    .where("user_id", "=", userId)
    .returning("name")
    .executeTakeFirst();
  return removed?.name;
}

export async function signInOptions(
  db: Db,
  rp: RelyingParty,
  pending: { id: string; userId: number },
  now = new Date(),
): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const passkeys = await passkeyRows(db, pending.userId);
  if (!passkeys.length) return null;
  const { generateAuthenticationOptions } = await webAuthn();
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeys.map((row) => ({ id: row.credential_id, transports: transportsOf(row.transports) })),
    userVerification: "preferred",
    timeout: CEREMONY_TIMEOUT_MS,
  });
  await keepChallenge(db, { signIn: pending.id }, pending.userId, options.challenge, now);
  return options;
}

export type PasskeyCheck = { ok: true; name: string } | { ok: false; why: string };

/** The counter must move past the one stored: a copy of the key, or the same answer twice, finds it moved already. */
export async function checkPasskey(
  db: Db,
  rp: RelyingParty,
  pending: { id: string; userId: number },
  responseText: string,
  now = new Date(),
): Promise<PasskeyCheck> {
  const challenge = await takeChallenge(db, { signIn: pending.id }, now);
  if (!challenge) return { ok: false, why: "no challenge asked, or it waited too long" };
  const response = parsed<AuthenticationResponseJSON>(responseText);
  const passkey =
    typeof response?.id === "string"
      ? await db
          .selectFrom("admin_passkeys")
          .selectAll()
          .where("user_id", "=", pending.userId)
          .where("credential_id", "=", response.id)
          .executeTakeFirst()
      : undefined;
  if (!response || !passkey) return { ok: false, why: "not one of the user's passkeys" };
  const counter = Number(passkey.counter);
  const { verifyAuthenticationResponse } = await webAuthn();
  let verified;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: new Uint8Array(Buffer.from(passkey.public_key, "base64url")),
        counter,
        transports: transportsOf(passkey.transports),
      },
      requireUserVerification: false,
    });
  } catch (error) {
    const copied = error instanceof Error && /counter/i.test(error.message);
    return { ok: false, why: copied ? `the passkey ${passkey.name} counted back, as a copy of it would` : "its signature did not check" };
  }
  if (!verified.verified) return { ok: false, why: "its signature did not check" };
  const moved = await db
    .updateTable("admin_passkeys")
    .set({ counter: verified.authenticationInfo.newCounter, last_used_at: now })
    .where("id", "=", passkey.id)
    .where("counter", "=", counter)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return { ok: false, why: `the passkey ${passkey.name} was used at the same moment` };
  return { ok: true, name: passkey.name };
}
