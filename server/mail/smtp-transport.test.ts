/** The SMTP client against a tiny in-process SMTP server: the dialogue, AUTH PLAIN and the body. */
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { addressOf, createSmtpTransport } from './smtp-transport.ts';

let server: net.Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

function startFakeSmtp(): Promise<{ port: number; lines: string[] }> {
  const lines: string[] = [];
  server = net.createServer((socket) => {
    let isData = false;
    let buffer = '';
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString();
      let end: number;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        lines.push(line);
        if (isData) {
          if (line === '.') {
            isData = false;
            socket.write('250 queued\r\n');
          }
          continue;
        }
        if (line.startsWith('EHLO')) socket.write('250-fake\r\n250 AUTH PLAIN\r\n');
        else if (line.startsWith('AUTH PLAIN')) socket.write('235 ok\r\n');
        else if (line === 'DATA') {
          isData = true;
          socket.write('354 go\r\n');
        } else if (line === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  return new Promise((resolve) => server?.listen(0, '127.0.0.1', () => resolve({ port: (server?.address() as net.AddressInfo).port, lines })));
}

describe('smtp transport', () => {
  it('delivers a message with AUTH PLAIN', async () => {
    const { port, lines } = await startFakeSmtp();
    const transport = createSmtpTransport(`smtp://user%40x:p%40ss@127.0.0.1:${port}`);
    await transport.deliver({ from: 'ParkFair <no-reply@parkfair.example>', to: 'driver@example.com', subject: 'Hi', text: 'Hello there', kind: 'verify-email', links: [], mailId: 1 });
    expect(lines).toContain(`AUTH PLAIN ${Buffer.from('\0user@x\0p@ss').toString('base64')}`);
    expect(lines).toContain('MAIL FROM:<no-reply@parkfair.example>');
    expect(lines).toContain('RCPT TO:<driver@example.com>');
    expect(lines).toContain('Subject: Hi');
    expect(lines).toContain(Buffer.from('Hello there').toString('base64'));
  });

  it('reads the address of a mailbox', () => {
    expect(addressOf('ParkFair <a@b.co>')).toBe('a@b.co');
    expect(addressOf(' a@b.co ')).toBe('a@b.co');
  });
});
