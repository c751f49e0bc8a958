/**
 * Outgoing email behind one small interface. Every message is recorded in the mail_outbox
 * table whatever the transport; the transport is the outbox directory by default (development
 * and tests: nothing leaves the machine) or SMTP when SMTP_URL is configured.
 */
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createOutboxTransport } from './outbox-transport.ts';
import { createSmtpTransport } from './smtp-transport.ts';

export type MailKind = 'verify-email' | 'password-reset' | 'duplicate-account' | 'contact-csc' | 'claim-status' | 'reservation-confirmed' | 'ticket-receipt';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: MailKind;
  /** The action links inside the message (verification, reset), listed for tests and tools. */
  links: string[];
};

export type MailTransport = {
  readonly name: 'outbox' | 'smtp';
  deliver(message: MailMessage & { from: string; mailId: number }): Promise<void>;
};

export type Mailer = { send(message: MailMessage): Promise<void> };

export function createMailer(deps: { db: Db; config: Config }): Mailer {
  const { db, config } = deps;
  const transport = config.smtpUrl ? createSmtpTransport(config.smtpUrl) : createOutboxTransport(`${config.dataDir}/outbox`);
  return {
    async send(message) {
      const [row] = await db.query<{ mail_id: number }>(
        `insert into mail_outbox (to_address, subject, text_body, html_body, kind, links, transport)
         values ($1, $2, $3, $4, $5, $6, $7) returning mail_id`,
        [message.to, message.subject, message.text, message.html ?? null, message.kind, JSON.stringify(message.links), transport.name],
      );
      await transport.deliver({ ...message, from: config.mailFrom, mailId: row?.mail_id ?? 0 });
    },
  };
}
