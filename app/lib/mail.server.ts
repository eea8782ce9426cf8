// Outgoing e-mail over SMTP (SMTP_URL, MAIL_FROM). One transport per process, made on first use.
import nodemailer, { type Transporter } from "nodemailer";
import type { Env } from "./env.server.ts";

export interface Mail {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: Array<{ filename: string; content: Buffer | string; contentType?: string }>;
}

type MailEnv = Pick<Env, "SMTP_URL" | "MAIL_FROM">;

let transport: { url: string; transporter: Transporter } | undefined;

/** Whether mail can be sent: both SMTP_URL and MAIL_FROM are set. */
export function mailConfigured({ SMTP_URL, MAIL_FROM }: MailEnv): boolean {
  return Boolean(SMTP_URL && MAIL_FROM);
}

/** Sends one message from MAIL_FROM; throws when mail is not configured or the server refuses it. */
export async function sendMail({ SMTP_URL, MAIL_FROM }: MailEnv, mail: Mail): Promise<void> {
  if (!SMTP_URL || !MAIL_FROM) throw new Error("Mail is not configured (SMTP_URL and MAIL_FROM)");
  if (transport?.url !== SMTP_URL) {
    transport?.transporter.close();
    transport = { url: SMTP_URL, transporter: nodemailer.createTransport(SMTP_URL) };
  }
  await transport.transporter.sendMail({ from: MAIL_FROM, ...mail });
}
