import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import type { Runtime } from '../../runtime';
import { startTestServer } from '../../../test/helpers';
import { mailOutbox } from '../../db/tables/mail';
import { Mailer } from './mailer';

/**
 * The outbox first, then SMTP when configured: a real SMTP conversation with a minimal local server (RFC 5321:
 * greeting, EHLO, MAIL, RCPT, DATA, QUIT), so the transport nodemailer builds on the first mail is exercised.
 */

let rt: Runtime;
beforeAll(async () => {
  rt = await startTestServer();
});
afterAll(() => rt.stop());

/** Accepts every mail and keeps each DATA body; `refuse` answers DATA with a permanent failure. */
async function smtpServer(refuse = false) {
  const bodies: string[] = [];
  const server = net.createServer((socket) => {
    let inData = false;
    let body = '';
    let buffer = '';
    socket.write('220 test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            bodies.push(body);
            socket.write('250 queued\r\n');
          } else body += `${line}\n`;
        } else if (/^(EHLO|HELO)/i.test(line)) socket.write('250 test\r\n');
        else if (/^(MAIL|RCPT)/i.test(line)) socket.write('250 ok\r\n');
        else if (/^DATA/i.test(line)) {
          if (refuse) socket.write('554 no thanks\r\n');
          else {
            inData = true;
            body = '';
            socket.write('354 go on\r\n');
          }
        } else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, bodies, close: () => server.close() };
}

const mail = (to: string) => ({
  to,
  subject: 'Your cart',
  text: 'Cart 7 is ready.',
  template: 'test',
  lang: 'en',
});
const outboxOf = async (to: string) =>
  (await rt.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)))[0]!;

describe('mailer', () => {
  it('delivers through SMTP_URL and marks the outbox row sent', async () => {
    const smtp = await smtpServer();
    try {
      const mailer = new Mailer(rt.ctx.db, pino({ level: 'silent' }), smtp.url, 'club@example.com');
      await mailer.send(mail('guest-sent@example.com'));
      expect(smtp.bodies).toHaveLength(1);
      expect(smtp.bodies[0]).toContain('Cart 7 is ready.');
      const row = await outboxOf('guest-sent@example.com');
      expect(row.sentAt).not.toBeNull();
      expect(row.error).toBeNull();
    } finally {
      smtp.close();
    }
  });

  it('keeps a refused mail in the outbox with the error', async () => {
    const smtp = await smtpServer(true);
    try {
      const mailer = new Mailer(rt.ctx.db, pino({ level: 'silent' }), smtp.url, 'club@example.com');
      await mailer.send(mail('guest-refused@example.com'));
      const row = await outboxOf('guest-refused@example.com');
      expect(row.sentAt).toBeNull();
      expect(row.error).toContain('554');
    } finally {
      smtp.close();
    }
  });

  it('without SMTP_URL writes the outbox only', async () => {
    const mailer = new Mailer(rt.ctx.db, pino({ level: 'silent' }), undefined, 'club@example.com');
    await mailer.send(mail('guest-outbox@example.com'));
    const row = await outboxOf('guest-outbox@example.com');
    expect(row.sentAt).toBeNull();
    expect(row.error).toBeNull();
  });
});
