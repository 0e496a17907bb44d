import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkParts, readOutbox } from '../helpers/outbox.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let smtp: SMTPServer;
let t: TestApp;
const received: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    smtp.on('error', reject);
    const server = smtp.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Maintenance Manager <cmms@example.com>' } });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** The mail text with quoted-printable soft breaks and escapes undone. */
const decoded = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');

describe('mail over SMTP', () => {
  it('delivers the activation mail through the SMTP server, and its link activates the account', async () => {
    const register = await t.request({
      method: 'POST',
      url: '/api/v1/auth/users/',
      payload: { email: 'smtp.user@example.com', password: 'Spanner-Wrench-42', re_password: 'Spanner-Wrench-42', first_name: 'Sam', last_name: 'Tp' },
    });
    expect(register.statusCode).toBe(201);
    expect(received).toHaveLength(1);
    const mail = received[0]!;
    expect(mail.from).toBe('cmms@example.com');
    expect(mail.to).toEqual(['smtp.user@example.com']);
    const text = decoded(mail.raw);
    expect(text).toContain('http://cmms.test/activate/');
    expect(readOutbox(t.dataDir)).toHaveLength(0);

    const { uid, token } = linkParts(text, '/activate');
    const activated = await t.request({ method: 'POST', url: '/api/v1/auth/users/activation/', payload: { uid, token } });
    expect(activated.statusCode).toBe(204);
    const login = await t.request({ method: 'POST', url: '/api/v1/auth/jwt/create/', payload: { email: 'smtp.user@example.com', password: 'Spanner-Wrench-42' } });
    expect(login.statusCode).toBe(200);
  });
});
