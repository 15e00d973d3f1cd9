import { eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/tables/mail';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** Which template produced it, for the outbox view and tests. */
  template: string;
  lang: string;
}

/**
 * Every mail is first written to the outbox, so nothing is lost when SMTP is down; with `SMTP_URL` it is
 * then delivered and marked sent, without it the outbox is where it stays (embedded mode) and it is logged.
 */
export class Mailer {
  /** Made on the first mail, and only with SMTP_URL: nodemailer is half a megabyte the outbox never needs. */
  private transport: Promise<Transporter> | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    private readonly smtpUrl: string | undefined,
    private readonly from: string,
  ) {}

  private transporter(): Promise<Transporter> | null {
    const url = this.smtpUrl;
    if (!url) return null;
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport(url),
    );
    return this.transport;
  }

  async send(mail: OutgoingMail): Promise<void> {
    const [row] = await this.db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
    const transport = this.transporter();
    if (!transport) {
      this.log.info(
        { to: mail.to, subject: mail.subject, template: mail.template },
        'mail written to outbox',
      );
      return;
    }
    try {
      await (
        await transport
      ).sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
      await this.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row!.id));
    } catch (error) {
      this.log.error({ err: error, to: mail.to }, 'mail delivery failed; kept in outbox');
      await this.db
        .update(mailOutbox)
        .set({ error: String(error) })
        .where(eq(mailOutbox.id, row!.id));
    }
  }
}
