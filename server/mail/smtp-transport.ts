/**
 * A small SMTP client (RFC 5321) for SMTP_URL, so real mail needs no extra dependency:
 * smtp://user:pass@host:587 (STARTTLS when offered), smtps://user:pass@host:465 (TLS from the
 * start), AUTH PLAIN when credentials are given. One connection a message: the volume is a few
 * account emails, not bulk mail.
 */
import net from 'node:net';
import tls from 'node:tls';
import type { MailMessage, MailTransport } from './mailer.ts';

type Reply = { code: number; text: string };

/** Reads SMTP replies (multi-line "250-…" until "250 …") from a socket, one at a time. */
function createReplyReader(getSocket: () => net.Socket) {
  let buffer = '';
  let waiting: ((reply: Reply) => void) | undefined;
  const ready: Reply[] = [];
  const onData = (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    let lines: string[] = [];
    while (buffer.includes('\r\n')) {
      const end = buffer.indexOf('\r\n');
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      lines.push(line);
      if (/^\d{3} /.test(line) || /^\d{3}$/.test(line)) {
        const reply = { code: Number(line.slice(0, 3)), text: lines.map((l) => l.slice(4)).join('\n') };
        lines = [];
        if (waiting) {
          const resolve = waiting;
          waiting = undefined;
          resolve(reply);
        } else ready.push(reply);
      }
    }
  };
  return {
    attach: () => getSocket().on('data', onData),
    next: () => new Promise<Reply>((resolve) => {
      const reply = ready.shift();
      if (reply) resolve(reply);
      else waiting = resolve;
    }),
  };
}

export function encodeMessage(message: MailMessage & { from: string }, messageId: string): string {
  const headers = [
    `From: ${message.from}`,
    `To: ${message.to}`,
    `Subject: ${message.subject}`,
    `Message-ID: <${messageId}>`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
  ];
  const body = Buffer.from(message.text, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n');
  return `${headers.join('\r\n')}\r\n\r\n${body}\r\n`;
}

/** The bare address of "Name <address>" (or the address itself). */
export function addressOf(mailbox: string): string {
  return /<([^>]+)>/.exec(mailbox)?.[1] ?? mailbox.trim();
}

export function createSmtpTransport(smtpUrl: string): MailTransport {
  const url = new URL(smtpUrl);
  const isImplicitTls = url.protocol === 'smtps:';
  const port = Number(url.port || (isImplicitTls ? 465 : 587));
  const user = decodeURIComponent(url.username);
  const password = decodeURIComponent(url.password);
  return {
    name: 'smtp',
    async deliver(message) {
      let socket: net.Socket = isImplicitTls ? tls.connect({ host: url.hostname, port, servername: url.hostname }) : net.connect({ host: url.hostname, port });
      socket.setTimeout(20_000, () => socket.destroy(new Error('SMTP timeout')));
      const failureOf = (target: net.Socket) => {
        const failure = new Promise<never>((_, reject) => target.once('error', reject));
        failure.catch(() => {}); // raced below; never an unhandled rejection once the mail is sent
        return failure;
      };
      let failed = failureOf(socket);
      let reader = createReplyReader(() => socket);
      reader.attach();
      const send = async (line: string | undefined, expected: number[]): Promise<Reply> => {
        if (line !== undefined) socket.write(`${line}\r\n`);
        const reply = await Promise.race([reader.next(), failed]);
        if (!expected.includes(reply.code)) throw new Error(`SMTP ${line?.split(' ')[0] ?? 'greeting'} failed: ${reply.code} ${reply.text}`);
        return reply;
      };
      try {
        await send(undefined, [220]);
        let hello = await send(`EHLO parkfair`, [250]);
        if (!isImplicitTls && /STARTTLS/i.test(hello.text)) {
          await send('STARTTLS', [220]);
          socket.removeAllListeners('data');
          socket = tls.connect({ socket, servername: url.hostname });
          failed = failureOf(socket);
          reader = createReplyReader(() => socket);
          reader.attach();
          hello = await send('EHLO parkfair', [250]);
        }
        if (user) await send(`AUTH PLAIN ${Buffer.from(`\0${user}\0${password}`).toString('base64')}`, [235]);
        await send(`MAIL FROM:<${addressOf(message.from)}>`, [250]);
        await send(`RCPT TO:<${addressOf(message.to)}>`, [250, 251]);
        await send('DATA', [354]);
        const data = encodeMessage(message, `${message.mailId}.${Date.now()}@${addressOf(message.from).split('@')[1] ?? 'parkfair'}`);
        // Dot-stuffing is not needed: the body is base64 and headers never start with a dot.
        await send(`${data}.`, [250]);
        await send('QUIT', [221]);
      } finally {
        socket.end();
      }
    },
  };
}
