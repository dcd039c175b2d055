import type { Job } from 'bullmq';
import mongoose, { Schema } from 'mongoose';
import nodemailer, { type Transporter } from 'nodemailer';
import twilio from 'twilio';
import { Tenant, tenantOwned } from '@platform/db';
import type { NotificationJob } from '@platform/queue';

/**
 * The local default for both channels: every message a store sends, kept where a developer (and the tests)
 * can read it (`npm run outbox`). Used whenever no SMTP server or SMS account is configured.
 */
const outboxSchema = new Schema({
  channel: { type: String, enum: ['email', 'sms'], required: true },
  to: { type: String, required: true },
  subject: { type: String, default: '' },
  text: { type: String, required: true },
  kind: { type: String, required: true },
  /** The e-mail as nodemailer composed it (headers and body), for e-mail. */
  raw: { type: String, default: '' },
  createdAt: { type: Date, required: true },
});
outboxSchema.plugin(tenantOwned);
outboxSchema.index({ tenantId: 1, to: 1, createdAt: -1 });
export const OutboxMessage = mongoose.models.OutboxMessage ?? mongoose.model('OutboxMessage', outboxSchema);

/** Sends one message of a channel. */
export interface NotificationAdapter { send(job: NotificationJob): Promise<void> }

/** E-mail through nodemailer: SMTP when SMTP_URL is set, else composed by nodemailer and kept in the outbox. */
export class EmailAdapter implements NotificationAdapter {
  private readonly transport: Transporter;
  private readonly smtp: boolean;

  constructor(smtpUrl = process.env.SMTP_URL, private readonly from = process.env.MAIL_FROM ?? 'no-reply@localhost') {
    this.smtp = Boolean(smtpUrl);
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(job: NotificationJob): Promise<void> {
    const from = { name: await storeName(job.tenantId) ?? '', address: this.from.match(/<([^>]+)>/)?.[1] ?? this.from };
    const info = await this.transport.sendMail({ from, to: job.to, subject: job.subject, text: job.text, ...(job.replyTo ? { replyTo: job.replyTo } : {}) });
    if (!this.smtp) await keep(job, (info as { message?: Buffer }).message?.toString('utf8') ?? '');
  }
}

/** E-mails come from the store by name ('Demo Hardware <no-reply@…>'), so shoppers know who writes. */
async function storeName(tenantId: string): Promise<string | null> {
  if (!mongoose.isValidObjectId(tenantId)) return null;
  const tenant = (await Tenant.findById(tenantId, { name: 1 }).lean()) as { name?: string } | null;
  return tenant?.name ?? null;
}

/** Text messages through Twilio's official SDK when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are set, else the outbox. */
export class SmsAdapter implements NotificationAdapter {
  private readonly client = process.env.TWILIO_ACCOUNT_SID && process.env.TWILIO_AUTH_TOKEN
    ? twilio(process.env.TWILIO_ACCOUNT_SID, process.env.TWILIO_AUTH_TOKEN) : null;

  async send(job: NotificationJob): Promise<void> {
    if (this.client && process.env.TWILIO_FROM) {
      await this.client.messages.create({ to: `+1${job.to}`, from: process.env.TWILIO_FROM, body: job.text });
      return;
    }
    await keep(job, '');
  }
}

async function keep(job: NotificationJob, raw: string): Promise<void> {
  await OutboxMessage.create({ tenantId: job.tenantId, channel: job.channel, to: job.to, subject: job.subject, text: job.text, kind: job.kind, raw, createdAt: new Date() });
}

/** Worker handler for the notifications queue. */
export function deliverNotifications(adapters: Record<NotificationJob['channel'], NotificationAdapter> = { email: new EmailAdapter(), sms: new SmsAdapter() }) {
  return async (job: Job<NotificationJob>) => adapters[job.data.channel].send(job.data);
}
