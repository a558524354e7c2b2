import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helper';

// A local OpenAI-compatible endpoint: answers a chat completion, or fails when told to.
let failNext = false;
const received: { model: string; text: string }[] = [];
const provider = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', () => {
    const json = JSON.parse(body) as { model: string; messages: { content: { text?: string }[] }[] };
    received.push({ model: json.model, text: json.messages[0]?.content[0]?.text ?? '' });
    if (failNext) {
      res.writeHead(503).end('indisponível');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ choices: [{ message: { content: '  Você é um engenheiro de campo. Escreva o relatório.  ' } }] }));
  });
});

let t: TestContext;
let admin: string;
beforeAll(async () => {
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
  const { port } = provider.address() as AddressInfo;
  t = await createTestApp({ OCR_PROVIDER: 'openai', OCR_API_URL: `http://127.0.0.1:${port}/v1`, OCR_MODEL: 'modelo-teste' });
  admin = await t.loginAdmin();
});
afterAll(async () => {
  await t.close();
  provider.close();
});

const ask = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/gerarprompt',
    headers: { cookie: admin },
    payload: { titulo: 'Relatório de visita', conteudo: 'Troca do disjuntor.' },
  });

it('has the configured AI provider write the prompt, briefed with our template', async () => {
  const res = await ask();
  expect(res.statusCode).toBe(200);
  expect(res.json().prompt).toBe('Você é um engenheiro de campo. Escreva o relatório.');
  const last = received.at(-1)!;
  expect(last.model).toBe('modelo-teste');
  expect(last.text).toContain('Relatório de visita');
  expect(last.text).toContain('Troca do disjuntor.');
});

it('falls back to our own template when the provider fails', async () => {
  failNext = true;
  const res = await ask();
  expect(res.statusCode).toBe(200);
  expect(res.json().prompt).toMatch(/## Papel[\s\S]*## Tarefa/);
  expect(res.json().prompt).toContain('Troca do disjuntor.');
});
