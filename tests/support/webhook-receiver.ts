import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";

export interface ReceivedRequest {
  /** The path it was posted to (instances may be given different ones, to tell whose a request is). */
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers one request: a status (and headers, body), or never. */
export type Answer = { status: number; headers?: Record<string, string>; body?: string } | "hang" | "endless";

export interface WebhookReceiver {
  url: string;
  received: ReceivedRequest[];
  /** The answer to the requests from now on (200 unless said); `once` answers the next request only, then the standing one. */
  answer(answer: Answer, options?: { once?: boolean }): void;
  close(): Promise<void>;
}

/**
 * A webhook receiver on loopback, as the agency's CRM or Slack would be: it
 * keeps every request with its headers and raw body and answers as the test
 * says. On `port` when given, so a test can start it where the site already
 * sends (the receiver comes back after being down).
 */
export async function startWebhookReceiver(port = 0): Promise<WebhookReceiver> {
  const received: ReceivedRequest[] = [];
  let standing: Answer = { status: 200 };
  const next: Answer[] = [];
  const hanging = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      const answer = next.shift() ?? standing;
      if (answer === "hang") {
        hanging.add(res);
        return;
      }
      if (answer === "endless") {
        // A server error whose body never ends: the site must read only its start.
        res.writeHead(500, { "content-type": "text/plain" });
        const line = "x".repeat(1024);
        const write = () => {
          while (res.write(line));
        };
        res.on("drain", write);
        write();
        hanging.add(res);
        return;
      }
      res.writeHead(answer.status, { "content-type": "text/plain", ...answer.headers });
      res.end(answer.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  const bound = typeof address === "object" && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${bound}/hooks/leads`,
    received,
    answer(answer, { once = false } = {}) {
      if (once) next.push(answer);
      else standing = answer;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
