import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';
import { type ParsedMail, simpleParser } from 'mailparser';

/** The e2e server's DATA_DIR, noted by e2e/start-server.mjs. */
export function outboxDir(): string {
  const note = path.join(os.tmpdir(), `os-e2e-${process.env.E2E_PORT ?? '3100'}.datadir`);
  return path.join(fs.readFileSync(note, 'utf8').trim(), 'outbox');
}

/** What `pick` finds in the newest message to `to` in the captured outbox, waited for up to 10 s. */
export async function mailInOutbox<T>(to: string, pick: (mail: ParsedMail) => T | undefined): Promise<T> {
  let found: T | undefined;
  await expect
    .poll(
      async () => {
        const dir = outboxDir();
        const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
        for (const file of files.sort()) {
          const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
          const address = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          const value = address === to ? pick(mail) : undefined;
          if (value !== undefined) found = value;
        }
        return found;
      },
      { timeout: 10_000 },
    )
    .toBeTruthy();
  return found!;
}

/** The first address matching `pattern` in the newest message to `to` (e.g. a recovery or portal link). */
export function linkInOutbox(to: string, pattern: RegExp): Promise<string> {
  return mailInOutbox(to, (mail) => mail.text?.match(pattern)?.[0]);
}
