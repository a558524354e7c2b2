import { MAIL_MSG } from '@os/shared';
import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Config } from './config';
import { type Storage, storedName } from './storage';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** The one thing a message asks the reader to do: a button with words, the address below it. */
export interface MailAction {
  label: string;
  url: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  /** The body as plain text; the HTML part is made from it, both with the banner (and footer when automatic). */
  text: string;
  /** A button in the HTML part, and 'label: address' in the plain-text part (docs/rules.md#e-mails-people-can-click). */
  action?: MailAction;
  /** Written by a person (the /emails screen): no 'não responda' footer, no Auto-Submitted header. */
  personal?: boolean;
  /** Display name shown before the configured sender address (the signed-in user's name). */
  fromName?: string;
  attachments?: MailAttachment[];
  /**
   * An iCalendar invitation (iMIP): sent as a text/calendar alternative with its METHOD, which calendar
   * apps act on, and as an .ics attachment (docs/rules.md#agenda).
   */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string; filename: string };
}

export type MailResult = { ok: true; messageId: string; outboxKey?: string } | { ok: false; error: string };

export interface Mailer {
  /** Never throws: a refused or unreachable server answers { ok: false, error } with its reason. */
  send(message: MailMessage): Promise<MailResult>;
  close(): void;
}

/** Nothing waits longer than this for an SMTP server (docs/api.md#mail: never more than 30 s). */
export const SMTP_DEADLINE_MS = 25_000;

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The body as the plain-text part and the history say it: the text, then 'label: address'. */
export function bodyText(text: string, action?: MailAction): string {
  return action ? `${text.trim()}\n\n${action.label}: ${action.url}` : text.trim();
}

/** The button of an action, and its address below for a reader whose client shows no button. */
function actionHtml(action: MailAction): string {
  const url = escapeHtml(action.url);
  return `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 16px"><tr><td style="border-radius:6px;background:#1d4ed8">
<a href="${url}" style="display:inline-block;padding:12px 24px;color:#ffffff;font-weight:bold;font-size:16px;text-decoration:none;border-radius:6px">${escapeHtml(action.label)}</a>
</td></tr></table>
<p style="margin:0 0 12px;color:#475569;font-size:12px;word-break:break-all">${escapeHtml(MAIL_MSG.actionFallback)}<br><a href="${url}" style="color:#1d4ed8">${url}</a></p>`;
}

/**
 * The product banner around the body, the action as a button, and the do-not-reply footer on automatic
 * messages only, in HTML and text (docs/api.md#mail, docs/rules.md#e-mails-people-can-click).
 */
export function composeBodies(
  text: string,
  options: { action?: MailAction; personal?: boolean } = {},
): { text: string; html: string } {
  const footer = options.personal ? '' : `\n\n--\n${MAIL_MSG.footer}`;
  const plain = `${MAIL_MSG.banner}\n${'='.repeat(MAIL_MSG.banner.length)}\n\n${bodyText(text, options.action)}${footer}\n`;
  const paragraphs = text
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p style="margin:0 0 12px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`)
    .join('');
  const html = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(MAIL_MSG.banner)}</title></head>
<body style="margin:0;background:#f1f5f9;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="max-width:600px;width:100%;background:#ffffff;border-radius:8px;overflow:hidden">
<tr><td style="background:#1d4ed8;color:#ffffff;padding:16px 24px;font-size:20px;font-weight:bold">${escapeHtml(MAIL_MSG.banner)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">${paragraphs}${options.action ? actionHtml(options.action) : ''}</td></tr>
${options.personal ? '' : `<tr><td style="padding:12px 24px;background:#f8fafc;color:#475569;font-size:12px;border-top:1px solid #e2e8f0">${escapeHtml(MAIL_MSG.footer)}</td></tr>`}
</table></td></tr></table></body></html>`;
  return { text: plain, html };
}

/** Plain text from an HTML fragment, for clients that send only `html` (docs/api.md#mail payload). */
export function htmlToText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/h\d|\/li)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

function fromAddress(mailFrom: string, fromName: string | undefined) {
  const match = /^(.*)<([^>]+)>\s*$/.exec(mailFrom);
  const address = (match?.[2] ?? mailFrom).trim();
  const name = fromName?.trim() || (match ? match[1]!.trim().replace(/^"|"$/g, '') : '');
  return name ? { name, address } : address;
}

/**
 * SMTP_URL set: real SMTP (STARTTLS whenever the server offers it), bounded timeouts.
 * Unset: each message is written as an .eml file in DATA_DIR/outbox and counts as sent.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, storage: Storage): Mailer {
  // Note: nodemailer.createTransport({ url, ... }) drops every option but the URL; SMTPTransport merges them.
  const smtp = config.smtpUrl
    ? nodemailer.createTransport(
        new SMTPTransport({
          url: config.smtpUrl,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
          dnsTimeout: 10_000,
        }),
      )
    : null;
  const outbox = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  return {
    async send(message) {
      const { text, html } = composeBodies(message.text, message);
      const mail: nodemailer.SendMailOptions = {
        from: fromAddress(config.mailFrom, message.fromName),
        to: message.to,
        subject: message.subject,
        text,
        html,
        attachments: message.attachments?.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
        icalEvent: message.calendar,
        headers: message.personal ? {} : { 'Auto-Submitted': 'auto-generated' },
      };
      try {
        if (!smtp) {
          const info = await outbox.sendMail(mail);
          const outboxKey = await storage.put('outbox', info.message as Buffer, storedName('mail', 'eml'));
          return { ok: true, messageId: info.messageId, outboxKey };
        }
        let timer: NodeJS.Timeout | undefined;
        const deadline = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('Tempo esgotado ao contactar o servidor de e-mail.')), SMTP_DEADLINE_MS);
        });
        try {
          const info = await Promise.race([smtp.sendMail(mail), deadline]);
          return { ok: true, messageId: info.messageId };
        } finally {
          clearTimeout(timer);
        }
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        return { ok: false, error: reason.slice(0, 1000) };
      }
    },
    close() {
      smtp?.close();
    },
  };
}
