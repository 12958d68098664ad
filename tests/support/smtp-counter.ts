import { SMTPServer } from "smtp-server";

/** One message the server accepted (answered 250 to). */
export interface Delivery {
  /** Which lead it is about, from the Message-ID the outbox gives it: `<table>:<id>`. */
  lead: string;
  messageId: string;
  /** The envelope sender: instances given their own MAIL_FROM tell who sent what. */
  from: string;
  /** The envelope recipients. */
  to: string[];
  /** The message as it arrived (headers and MIME body). */
  raw: string;
}

export interface SmtpCounter {
  port: number;
  deliveries: Delivery[];
  /** How many times each lead's notification was accepted. */
  countsByLead(): Map<string, number>;
  /** Leads accepted more than once. */
  duplicates(): string[];
  /** Stops listening (connections are refused) until start() is called again. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /**
   * Holds every message (or only those of envelope sender `from`) after its data arrives, unanswered, until
   * release(): a sender that dies meanwhile never hears 250, so the message is not accepted, as a real mail
   * server would drop it.
   */
  hold(from?: string): void;
  release(): void;
  /** Messages from this envelope sender held unanswered on connections still open. */
  heldFrom(sender: string): number;
  /** Refuses the next message to this address with a temporary error (451), as a busy mailbox does; accepts later ones. */
  refuseOnce(address: string): void;
  /** Recipients refused so far by refuseOnce. */
  refused: string[];
}

const LEAD_MESSAGE_ID = /^Message-ID:\s*<lead-([a-z_]+)-(\d+)\.outbox-\d+@[^>]+>/im;

/** A real SMTP server on loopback that counts accepted notifications by lead. */
export async function startSmtpCounter(port: number): Promise<SmtpCounter> {
  const deliveries: Delivery[] = [];
  const closed = new Set<string>();
  const toRefuse = new Set<string>();
  const refused: string[] = [];
  let held: Array<{ accept: () => void; session: string; from: string }> | undefined;
  let heldSender: string | undefined;
  let server: SMTPServer | undefined;

  const listen = async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      // No DNS lookup of each client's address: a connection costs what the protocol does.
      disableReverseLookup: true,
      // The outbox may hold many senders at once while held.
      maxClients: 1000,
      onClose(session) {
        closed.add(session.id);
      },
      onRcptTo(address, _session, callback) {
        if (!toRefuse.delete(address.address)) return callback();
        refused.push(address.address);
        callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
      },
      onData(stream, session, callback) {
        let raw = "";
        stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
        stream.on("end", () => {
          const accept = () => {
            if (closed.has(session.id)) return callback(new Error("sender gone"));
            const match = LEAD_MESSAGE_ID.exec(raw);
            deliveries.push({
              lead: match ? `${match[1]}:${match[2]}` : "unknown",
              messageId: match?.[0] ?? "",
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              raw,
            });
            callback();
          };
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
          if (held && (heldSender === undefined || heldSender === from)) held.push({ accept, session: session.id, from });
          else accept();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server!.once("error", reject);
      server!.listen(port, "127.0.0.1", () => resolve());
    });
  };
  await listen();

  const counts = () => {
    const map = new Map<string, number>();
    for (const d of deliveries) map.set(d.lead, (map.get(d.lead) ?? 0) + 1);
    return map;
  };

  return {
    port,
    deliveries,
    countsByLead: counts,
    duplicates: () => [...counts()].filter(([, n]) => n > 1).map(([lead]) => lead),
    async stop() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
    async start() {
      if (!server) await listen();
    },
    hold(from) {
      held ??= [];
      heldSender = from;
    },
    release() {
      const waiting = held ?? [];
      held = undefined;
      for (const { accept } of waiting) accept();
    },
    refuseOnce(address) {
      toRefuse.add(address);
    },
    refused,
    heldFrom(sender) {
      return (held ?? []).filter((message) => message.from === sender && !closed.has(message.session)).length;
    },
  };
}
