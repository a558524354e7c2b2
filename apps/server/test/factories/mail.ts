/**
 * Documents to e-mail for the mail tests: an order with its PDF as an e-mail to a client carries it, a
 * closing with a stand-in PDF, and the body of POST /api/sendMail/os.
 */
import { randomBytes } from 'node:crypto';
import { clients, closings, orders } from '../../src/db/schema';
import { ensureOrderPdf } from '../../src/modules/mail/mail.routes';
import { createLocalStorage, storedName } from '../../src/platform/storage';
import type { TestContext } from '../helper';

/** A stand-in PDF with random bytes, so "byte-identical" means something. */
export const fakePdf = () => Buffer.concat([Buffer.from('%PDF-1.4\n%âãÏÓ\n'), randomBytes(2048), Buffer.from('\n%%EOF\n')]);

/** An address that is no user's: e-mails to it carry the client's copy (docs/rules.md#portal), as the mail tests' do. */
export const CLIENT_ADDRESS = 'cliente@exemplo.com.br';

let seq = 0;
export const mailTestAdmin = {
  id: 1,
  username: 'admin',
  nome_completo: 'Administrador',
  email: 'admin@example.com',
  role: 'admin' as const,
};

/** An order of a new client, with the PDF an e-mail to a client's address carries (unless withPdf is false). */
export async function makeOrder(t: TestContext, withPdf = true) {
  seq += 1;
  const [client] = await t.db
    .insert(clients)
    .values({ codigo: 9000 + seq, razao: `Cliente Ação ${seq} Ltda`, cnpj: String(11222333000100 + seq).padStart(14, '0') })
    .returning();
  const numero = 500 + seq;
  const [order] = await t.db.insert(orders).values({ numero, data: '2026-03-01', clientId: client!.id }).returning();
  if (!withPdf) return { numero, client: client!, pdf: Buffer.alloc(0), key: null };
  // A real PDF of the order as it is: an outdated one would be made again before sending.
  const storage = createLocalStorage(t.dataDir);
  const { key } = await ensureOrderPdf!({ db: t.db, storage }, order!.id, mailTestAdmin, CLIENT_ADDRESS);
  return { numero, client: client!, pdf: await storage.read(key), key };
}

export async function makeClosing(t: TestContext) {
  seq += 1;
  const pdf = fakePdf();
  const key = await createLocalStorage(t.dataDir).put('pdfs', pdf, storedName('fechamento', 'pdf'));
  const numero = 70 + seq;
  await t.db.insert(closings).values({ numero, figures: {}, pdfFile: key });
  return { numero, pdf, key };
}

export const osBody = (to: string, numero: number) => ({
  to,
  subject: `Documento: Ordem de Serviço - Número: ${numero}`,
  tipoDocumento: 'Ordem de Serviço',
  numeroOS_Fechamento: String(numero),
  text: 'Segue em anexo a ordem de serviço.\nAtenciosamente, equipe técnica.',
  html: '<p>ignored</p>',
  usuario: 'alguém-que-não-é-o-remetente',
});
