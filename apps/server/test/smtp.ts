import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { createTestApp } from './helper';

/** A real SMTP server in the test: offers STARTTLS (self-signed), keeps every message it accepts. */
export function startSmtp(initial: { refuse?: string } = {}) {
  const options = { ...initial };
  const received: { mail: ParsedMail; rcpt: string[]; secure: boolean }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (options.refuse) {
        const err = new Error(options.refuse) as Error & { responseCode: number };
        err.responseCode = 550;
        return callback(err);
      }
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({ mail, rcpt: session.envelope.rcptTo.map((r) => r.address), secure: session.secure });
          callback();
        })
        .catch(callback);
    },
  });
  // A client that goes away (a server process stopped with its pooled connection open) resets the
  // socket: nothing to report, the messages already received are kept.
  server.on('error', () => {});
  return new Promise<{
    url: string;
    received: typeof received;
    options: typeof options;
    close: () => Promise<void>;
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.server.address() as AddressInfo;
      resolve({
        url: `smtp://127.0.0.1:${port}?tls.rejectUnauthorized=false`,
        received,
        options,
        close: () => new Promise((r) => server.close(() => r())),
      });
    });
  });
}

export type Smtp = Awaited<ReturnType<typeof startSmtp>>;

/**
 * An SMTP server, then an app that sends through it (SMTP_URL, plus env); close() stops the app, then the server.
 */
export async function startAppWithSmtp(env: Record<string, string> = {}) {
  const smtp = await startSmtp();
  const t = await createTestApp({ SMTP_URL: smtp.url, ...env });
  const close = async () => {
    await t.close();
    await smtp.close();
  };
  return { t, smtp, close };
}
