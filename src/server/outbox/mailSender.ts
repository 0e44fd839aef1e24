import nodemailer from 'nodemailer';
import { DeliveryFailure, type Delivery, type Sender } from './dispatcher';

/** A mail as a topic's builder makes it at send time. */
export interface Mail {
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: Buffer; contentType?: string }[];
}

/** What a topic's builder answers: the mail, or why nothing is sent (the receiver may not see it any more). */
export type Built = { mail: Mail } | { skip: string };
export type MailBuilder = (delivery: Delivery) => Promise<Built>;

/**
 * The outbox's sender of kind `mail` (docs/outbox.md): each topic's builder makes the mail when it
 * is sent, as its receiver may see it then, and nodemailer hands it to the SMTP server of `SMTP_URL`.
 * A refusal of the address (5xx) fails at once; a server down or a 4xx is tried again.
 */
export function createMailSender(smtpUrl: string, from: string, builders: Record<string, MailBuilder>): Sender & { close(): void } {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(delivery) {
      const build = builders[delivery.topic];
      if (!build) throw new DeliveryFailure(`no mail of topic ${delivery.topic}`, { permanent: true });
      const built = await build(delivery);
      if ('skip' in built) return { answer: `not sent: ${built.skip}` };
      try {
        const info = await transport.sendMail({ from, to: delivery.target, ...built.mail });
        return { answer: String(info.response ?? '').slice(0, 500) };
      } catch (err) {
        // nodemailer's error carries the SMTP server's reply code and text.
        const code = err instanceof Error && 'responseCode' in err && typeof err.responseCode === 'number' ? err.responseCode : 0;
        const reply = err instanceof Error && 'response' in err && typeof err.response === 'string' ? err.response : undefined;
        if (code >= 500) throw new DeliveryFailure(err instanceof Error ? err.message : 'refused', { answer: reply, permanent: true });
        throw err;
      }
    },
    close: () => transport.close(),
  };
}
