// A loopback WhatsApp Cloud API for the end-to-end server (the real client code talks to it): POST
// /{version}/{phone-number-id}/messages with the bearer token answers a wamid and records the call;
// GET /sends answers the calls recorded, for the journeys to read.
import { randomBytes } from 'node:crypto';
import http from 'node:http';

export const E2E_WHATSAPP = { token: 'e2e-whatsapp-token', phoneNumberId: 'e2e-phone', version: 'v21.0' };

export async function startWhatsappCloudApi() {
  const sends = [];
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const reply = (status, body) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'GET' && req.url === '/sends') return reply(200, sends);
      if (req.method !== 'POST' || req.url !== `/${E2E_WHATSAPP.version}/${E2E_WHATSAPP.phoneNumberId}/messages`)
        return reply(400, { error: { message: 'Unsupported post request.', code: 100 } });
      if (req.headers.authorization !== `Bearer ${E2E_WHATSAPP.token}`)
        return reply(401, { error: { message: 'Invalid OAuth access token.', code: 190 } });
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const id = `wamid.${randomBytes(10).toString('base64url')}`;
      sends.push({ ...body, id });
      return reply(200, { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id }] });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}
