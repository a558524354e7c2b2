/**
 * Telling the technician (docs/rules.md#agenda): scheduling, moving or reassigning an order e-mails
 * the technician an iCalendar invitation (METHOD:REQUEST), and the one who loses it a cancellation
 * (METHOD:CANCEL); one UID per order, SEQUENCE rising with each change. Every send goes into the
 * sent-mail history as tipo 'Agendamento' with its real status; a failed send never undoes the plan.
 */

import {
  AGENDA_MSG,
  addressLine,
  agendaMailSubject,
  BUSINESS_TIME_ZONE,
  MAIL_ACTION,
  padNumber,
  windowInWords,
} from '@os/shared';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import type { Db } from '../../db/client';
import { findOrderWithClient } from '../../db/order-client';
import { clients, orders, users } from '../../db/schema';
import { type BackgroundLog, createBackground } from '../../platform/background';
import type { Mailer } from '../../platform/mail';
import { sendRecorded } from '../mail/mail.service';
import { type NoticeChannels, settledOrders, settleNotice } from './agenda-notices';
import type { AgendaChange, AgendaPlan } from './agenda-plan';

/**
 * The company's zone for calendar apps. Brazil has kept UTC-3 all year since 2019; apps that know
 * the IANA name use their own rules, the others this one.
 */
const SAO_PAULO_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${BUSINESS_TIME_ZONE}`,
  'BEGIN:STANDARD',
  'DTSTART:19700101T000000',
  'TZOFFSETFROM:-0300',
  'TZOFFSETTO:-0300',
  'TZNAME:-03',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/** The window in words, now in @os/shared (the WhatsApp messages say it too). */
export { windowInWords };

export const PRODID = '-//Sistema de Ordens de Serviço//Agenda//PT-BR';

/** The one UID of an order's visit, whatever changes: its calendar event is updated, never duplicated. */
export function agendaUid(orderId: number, appUrl: string): string {
  let host = 'localhost';
  try {
    host = new URL(appUrl).hostname || host;
  } catch {
    // Not a URL: the default host keeps the UID stable anyway.
  }
  return `os-${orderId}@${host}`;
}

export interface InvitationDetails {
  method: 'REQUEST' | 'CANCEL';
  uid: string;
  sequence: number;
  inicio: string;
  fim: string;
  summary: string;
  location: string;
  description: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  url: string;
  now?: Date;
}

function zoned(value: string, zone: ICAL.Timezone): ICAL.Time {
  const time = ICAL.Time.fromDateTimeString(`${value}:00`);
  time.zone = zone;
  return time;
}

/** The .ics text of one invitation or cancellation (RFC 5545 / iMIP), written by ical.js. */
export function buildInvitation(details: InvitationDetails): string {
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.updatePropertyWithValue('prodid', PRODID);
  calendar.updatePropertyWithValue('version', '2.0');
  calendar.updatePropertyWithValue('calscale', 'GREGORIAN');
  calendar.updatePropertyWithValue('method', details.method);
  const vtimezone = new ICAL.Component(ICAL.parse(SAO_PAULO_VTIMEZONE) as unknown as unknown[]);
  calendar.addSubcomponent(vtimezone);
  const zone = new ICAL.Timezone({ component: vtimezone, tzid: BUSINESS_TIME_ZONE });

  const vevent = new ICAL.Component('vevent');
  const event = new ICAL.Event(vevent);
  event.uid = details.uid;
  event.sequence = details.sequence;
  vevent.addPropertyWithValue('dtstamp', ICAL.Time.fromJSDate(details.now ?? new Date(), true));
  event.startDate = zoned(details.inicio, zone);
  event.endDate = zoned(details.fim, zone);
  event.summary = details.summary;
  event.location = details.location;
  event.description = details.description;
  vevent.addPropertyWithValue('url', details.url);
  vevent.addPropertyWithValue('status', details.method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED');
  vevent.addPropertyWithValue('transp', 'OPAQUE');
  const organizer = vevent.addPropertyWithValue('organizer', `mailto:${details.organizer.email}`);
  if (details.organizer.name) organizer.setParameter('cn', details.organizer.name);
  const attendee = vevent.addPropertyWithValue('attendee', `mailto:${details.attendee.email}`);
  if (details.attendee.name) attendee.setParameter('cn', details.attendee.name);
  attendee.setParameter('role', 'REQ-PARTICIPANT');
  attendee.setParameter('partstat', details.method === 'CANCEL' ? 'DECLINED' : 'NEEDS-ACTION');
  attendee.setParameter('rsvp', 'FALSE');
  calendar.addSubcomponent(vevent);
  return `${calendar.toString()}\r\n`;
}

/** The sender's address of MAIL_FROM ('Nome <a@b>' or 'a@b'). */
function senderOf(mailFrom: string): { name: string; email: string } {
  const match = /^(.*)<([^>]+)>\s*$/.exec(mailFrom);
  return match ? { name: match[1]!.trim().replace(/^"|"$/g, ''), email: match[2]!.trim() } : { name: '', email: mailFrom.trim() };
}

interface Message {
  technicianId: number;
  method: 'REQUEST' | 'CANCEL';
  plan: AgendaPlan & { agendaInicio: string; agendaFim: string };
  /** What happened, as the first line says it. */
  lead: (numero: string) => string;
}

const scheduled = (
  plan: AgendaPlan | null,
): plan is AgendaPlan & { agendaInicio: string; agendaFim: string; technicianId: number } =>
  Boolean(plan?.technicianId && plan.agendaInicio && plan.agendaFim);

/** Who is told what of one change: the invitation to the technician who has it, the cancellation to the one who lost it. */
export function messagesOf(change: Pick<AgendaChange, 'before' | 'after'>): Message[] {
  const { before, after } = change;
  const messages: Message[] = [];
  if (scheduled(after)) {
    const moved = scheduled(before) && before.technicianId === after.technicianId;
    messages.push({
      technicianId: after.technicianId,
      method: 'REQUEST',
      plan: after,
      lead: moved ? (n) => `A OS ${n} foi remarcada.` : (n) => `A OS ${n} foi agendada para você.`,
    });
  }
  if (scheduled(before) && (!scheduled(after) || after.technicianId !== before.technicianId)) {
    messages.push({
      technicianId: before.technicianId,
      method: 'CANCEL',
      plan: before,
      lead:
        after?.technicianId && after.technicianId !== before.technicianId
          ? (n) => `A OS ${n} foi passada a outro técnico: o agendamento abaixo foi cancelado para você.`
          : (n) => `O agendamento da OS ${n} foi cancelado.`,
    });
  }
  return messages;
}

export interface AgendaMailDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  mailFrom: string;
}

/** The order's details an e-mail carries; read when sending, so the message says what is true now. */
async function orderDetails(db: Db, orderId: number, fallbackNumero: number) {
  const row = await findOrderWithClient(db, orderId, {
    numero: orders.numero,
    motivo: orders.motivo,
    responsavel: orders.responsavel,
    equipamento: orders.equipamento,
    clientId: clients.id,
    razao: clients.razao,
    endereco: clients.endereco,
    bairro: clients.bairro,
    cidade: clients.cidade,
    estado: clients.estado,
    cep: clients.cep,
    contato: clients.contato,
    fone: clients.fone,
  });
  // A deleted order: the cancellation still goes, with the number it had.
  return (
    row ?? {
      numero: fallbackNumero,
      motivo: '',
      responsavel: '',
      equipamento: '',
      clientId: null,
      razao: '',
      endereco: '',
      bairro: '',
      cidade: '',
      estado: '',
      cep: '',
      contato: '',
      fone: '',
    }
  );
}

/** Sends the e-mails of one committed change and records each in the sent-mail history. */
export async function sendAgendaMails(deps: AgendaMailDeps, change: AgendaChange): Promise<void> {
  const messages = messagesOf(change);
  if (!messages.length) return;
  const order = await orderDetails(deps.db, change.orderId, change.numero);
  const numero = padNumber(order.numero);
  const address = addressLine(order);
  const contact = [order.contato.trim() || order.responsavel.trim(), order.fone.trim()].filter(Boolean).join(' · ');
  const url = `${deps.appUrl.replace(/\/$/, '')}/service-orders`;
  const organizer = senderOf(deps.mailFrom);
  for (const message of messages) {
    const [technician] = await deps.db
      .select({ nome: users.nomeCompleto, username: users.username, email: users.email })
      .from(users)
      .where(eq(users.id, message.technicianId))
      .limit(1);
    if (!technician?.email) continue;
    const cancel = message.method === 'CANCEL';
    const subject = agendaMailSubject(order.numero, cancel);
    const when = windowInWords(message.plan.agendaInicio, message.plan.agendaFim);
    const details = [
      `Quando: ${when}`,
      `Cliente: ${order.razao}`,
      address ? `Endereço: ${address}` : '',
      contact ? `Contato: ${contact}` : '',
      order.equipamento ? `Equipamento: ${order.equipamento}` : '',
      order.motivo ? `Motivo: ${order.motivo}` : '',
    ].filter(Boolean);
    const text = [`Olá, ${technician.nome || technician.username}.`, message.lead(numero), details.join('\n')]
      .filter(Boolean)
      .join('\n\n');
    const ics = buildInvitation({
      method: message.method,
      uid: agendaUid(change.orderId, deps.appUrl),
      sequence: change.sequence,
      inicio: message.plan.agendaInicio,
      fim: message.plan.agendaFim,
      summary: `OS ${numero} - ${order.razao}`,
      location: address,
      description: [order.motivo ? `Motivo: ${order.motivo}` : '', contact ? `Contato: ${contact}` : '', url]
        .filter(Boolean)
        .join('\n'),
      organizer: { name: organizer.name, email: organizer.email },
      attendee: { name: technician.nome, email: technician.email },
      url,
    });
    await sendRecorded(
      deps,
      {
        to: technician.email,
        subject,
        text,
        action: cancel ? undefined : { label: MAIL_ACTION.myOrders, url },
        fromName: change.user.nome_completo || change.user.username,
        calendar: { method: message.method, content: ics, filename: `OS-${numero}.ics` },
      },
      {
        tipo: AGENDA_MSG.mailTipo,
        numero: String(order.numero),
        nomeCliente: order.razao,
        clientId: order.clientId,
        userId: change.user.id,
        usuario: change.user.username,
      },
    );
  }
}

/** How the notifier tells: the settle delay (docs/rules.md#notices-that-settle) and the client's channel. */
export interface AgendaNotifierOptions {
  /** NOTICE_DELAY_MINUTES: how long a plan must stay unchanged before its notices go (0: at once). */
  delayMinutes: number;
  /** The client's notice of the settled plan (docs/rules.md#portal). */
  client?: NoticeChannels['client'];
}

/**
 * Notices wait for the plan to settle, then go in the background, so a slow mail server never holds
 * the dispatcher's screen. A timer per order sends it when the delay has passed; a sweep finds what a
 * restart or another process left waiting. `idle()` waits for what is waiting and under way (tests);
 * `close()` stops the timers (what waits stays recorded and goes after the next start).
 */
export function createAgendaNotifier(deps: AgendaMailDeps, log: BackgroundLog, options: AgendaNotifierOptions) {
  const background = createBackground(log, 'agenda e-mail not recorded');
  const delayMs = Math.max(0, Math.round(options.delayMinutes * 60_000));
  const channels: NoticeChannels = { technicians: (change) => sendAgendaMails(deps, change), client: options.client };
  const timers = new Map<number, NodeJS.Timeout>();
  const settle = (orderId: number) => background.run(async () => void (await settleNotice(deps.db, orderId, delayMs, channels)));
  const sweep = () =>
    background.run(async () => {
      for (const orderId of await settledOrders(deps.db, delayMs)) await settleNotice(deps.db, orderId, delayMs, channels);
    });
  const every = delayMs > 0 ? Math.min(30_000, Math.max(1_000, delayMs / 2)) : 30_000;
  const sweeper = setInterval(sweep, every);
  sweeper.unref();
  return {
    delayMs,
    /** A committed change (already recorded with the write): its notices go once the plan settles. */
    notify(change: AgendaChange): void {
      clearTimeout(timers.get(change.orderId));
      if (!delayMs) {
        settle(change.orderId);
        return;
      }
      const timer = setTimeout(() => {
        timers.delete(change.orderId);
        settle(change.orderId);
      }, delayMs + 20);
      timers.set(change.orderId, timer);
    },
    /** 'Avisar agora': sends the waiting notice of that order at once; answers whether one was waiting. */
    async sendNow(orderId: number): Promise<boolean> {
      clearTimeout(timers.get(orderId));
      timers.delete(orderId);
      return settleNotice(deps.db, orderId, null, channels);
    },
    async idle(): Promise<void> {
      while (timers.size) await new Promise((resolve) => setTimeout(resolve, 25));
      await background.idle();
    },
    async close(): Promise<void> {
      clearInterval(sweeper);
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await background.idle();
    },
  };
}
export type AgendaNotifier = ReturnType<typeof createAgendaNotifier>;
