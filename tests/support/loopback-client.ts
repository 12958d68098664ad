import http from "node:http";
import https from "node:https";
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { UNSAFE_decodeViaTurboStream as decodeTurboStream } from "react-router";
import type { LeadResult } from "#app/forms/lead-result.ts";
import type { Fields } from "#tests/support/leads.ts";

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /**
   * The loopback address to connect from (any of 127.0.0.0/8): a proxy in front
   * sees a different visitor for each, as it would on the internet.
   */
  localAddress?: string;
}

/**
 * One HTTP(S) request on a connection of its own, so it can come from any
 * loopback address. Certificates are not checked: the test proxy's is
 * self-signed.
 */
export function send(url: string, options: SendOptions = {}): Promise<RawAnswer> {
  const target = new URL(url);
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: options.method ?? "GET",
        headers: options.headers,
        localAddress: options.localAddress,
        agent: false,
        rejectUnauthorized: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
        // A server that dies mid-answer: the answer never completes.
        res.on("close", () => {
          if (!res.complete) reject(new Error("the connection closed before the answer was complete"));
        });
      },
    );
    req.on("error", reject);
    req.end(options.body);
  });
}

export function formBody(fields: Fields): string {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
  }
  return body.toString();
}

/** Decodes React Router's answer to a `.data` post into the form's LeadResult. */
export async function leadResultOf(answer: RawAnswer): Promise<LeadResult> {
  if (!String(answer.headers["content-type"]).includes("text/x-script")) {
    throw new Error(`unexpected ${answer.status} ${answer.headers["content-type"]}: ${answer.body.toString("utf8").slice(0, 500)}`);
  }
  const decoded = await decodeTurboStream(new Response(new Uint8Array(answer.body)).body!, globalThis);
  await decoded.done;
  return (decoded.value as { data: LeadResult }).data;
}

/** Posts form fields the way the enhanced form does (to the route's `.data` URL) and decodes the answer. */
export async function postLeadFrom(
  baseUrl: string,
  pagePath: string,
  fields: Fields,
  options: Omit<SendOptions, "body" | "method"> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; result: LeadResult }> {
  const answer = await send(`${baseUrl}${pagePath}.data`, {
    ...options,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...options.headers },
    body: formBody(fields),
  });
  return { status: answer.status, headers: answer.headers, result: await leadResultOf(answer) };
}

/** Fetches an ALTCHA challenge from `baseUrl` (any instance, or the proxy) and solves it as the widget would. */
export async function solveAltchaAt(baseUrl: string, options: Omit<SendOptions, "body" | "method"> = {}): Promise<string> {
  const answer = await send(`${baseUrl}/api/altcha/challenge`, options);
  if (answer.status !== 200) throw new Error(`challenge: ${answer.status} ${answer.body.toString("utf8").slice(0, 200)}`);
  const challenge = JSON.parse(answer.body.toString("utf8"));
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("could not solve the ALTCHA challenge");
  return Buffer.from(JSON.stringify({ challenge, solution })).toString("base64");
}
