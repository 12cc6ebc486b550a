import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { listenLocally } from "./free-port";
import { useStarted } from "./lifecycle";

export type SmtpCapture = { url: string; received: ParsedMail[]; close: () => Promise<void> };

/** A random port above 10000 (Node's fetch refuses some lower ones). */
export const randomSmtpPort = () => 20000 + Math.floor(Math.random() * 20000);

/**
 * A real SMTP server (smtp-server) on 127.0.0.1 that keeps every message it receives, parsed.
 * STARTTLS is off: the package's bundled certificate has expired.
 */
export async function startSmtpCapture(port = randomSmtpPort()): Promise<SmtpCapture> {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    logger: false,
    onData(stream, _session, done) {
      simpleParser(stream)
        .then((mail) => received.push(mail))
        .then(() => done(), done);
    },
  });
  await listenLocally(server, port);
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Registers beforeAll/afterAll hooks: an SMTP capture for this test file, on `port` when given. */
export const useSmtpCapture = (port?: number) =>
  useStarted(
    () => startSmtpCapture(port),
    (capture) => capture.close(),
  );

/** The To address of a received message with one recipient ("" otherwise). */
export const recipientOf = (mail: ParsedMail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : "");
