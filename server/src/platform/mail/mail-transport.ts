import type { Knex } from 'knex';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface MailTransport {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when SMTP_URL is set; otherwise messages go to the mail_outbox table for the operator. */
export function createMailTransport(
  knex: Knex,
  cfg: { SMTP_URL?: string; MAIL_FROM: string },
): MailTransport {
  if (cfg.SMTP_URL) {
    const smtp = nodemailer.createTransport(cfg.SMTP_URL);
    return {
      async send(m) {
        await smtp.sendMail({
          from: cfg.MAIL_FROM,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
        });
      },
    };
  }
  return {
    async send(m) {
      await knex('mail_outbox').insert({ to: m.to, subject: m.subject, text: m.text, html: m.html ?? null });
    },
  };
}
