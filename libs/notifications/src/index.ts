import type { Job } from 'bullmq';
import mongoose, { Schema } from 'mongoose';
import nodemailer, { type Transporter } from 'nodemailer';
import twilio from 'twilio';
import { asCreated, Tenant, tenantOwned } from '@platform/db';
import { messagesOf, type NotificationJob, type NotificationsQueueJob } from '@platform/queue';

/**
 * The local default for both channels: every message a store sends, kept where a developer (and the tests)
 * can read it (`npm run outbox`). Used whenever no SMTP server or SMS account is configured. It grows with
 * every message: the platform only inserts; its readers (tests, `npm run outbox`) are development tools and
 * read inside `inBackground` (docs/DATA-ACCESS.md).
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
outboxSchema.plugin(tenantOwned, { growing: true });
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
    const name = await storeName(job.tenantId);
    const from = { name: name ?? '', address: this.from.match(/<([^>]+)>/)?.[1] ?? this.from };
    const info = await this.transport.sendMail({
      from, to: job.to, subject: job.subject, text: job.text, html: emailHtml(name, job.subject, job.text), ...(job.replyTo ? { replyTo: job.replyTo } : {}), ...(job.headers ? { headers: job.headers } : {}),
    });
    if (!this.smtp) await keep(job, (info as { message?: Buffer }).message?.toString('utf8') ?? '');
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The HTML part beside the plain text: the store's name on top, the same words in paragraphs, a link on a line
 * of its own as a button (sign-in links, the wizard) and any other address as a link. Everything is escaped.
 */
export function emailHtml(store: string | null, subject: string, text: string): string {
  const linked = (line: string) => escapeHtml(line).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}" style="color:#1a56db">${url}</a>`);
  const paragraphs = text.split(/\n\s*\n/).map((block) => block.trim()).filter(Boolean).map((block) => {
    if (/^https?:\/\/\S+$/.test(block)) {
      const url = escapeHtml(block);
      return `<p style="margin:24px 0"><a href="${url}" style="background:#1f2937;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">Open the link</a></p>`
        + `<p style="font-size:13px;color:#6b7280;word-break:break-all">Or copy this address into your browser: ${url}</p>`;
    }
    return `<p style="margin:0 0 16px">${block.split('\n').map(linked).join('<br>')}</p>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`
    + '<body style="margin:0;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111827;line-height:1.5">'
    + '<div style="max-width:560px;margin:0 auto;padding:24px">'
    + (store ? `<div style="font-size:20px;font-weight:bold;padding:0 0 16px">${escapeHtml(store)}</div>` : '')
    + `<div style="background:#ffffff;border-radius:8px;padding:24px">${paragraphs.join('')}</div>`
    + '</div></body></html>';
}

const storeNames = new Map<string, { at: number; name: Promise<string | null> }>();

/** E-mails come from the store by name ('Demo Hardware <no-reply@…>'), so shoppers know who writes; kept a minute (every order sends several). */
function storeName(tenantId: string): Promise<string | null> {
  if (!mongoose.isValidObjectId(tenantId)) return Promise.resolve(null);
  const hit = storeNames.get(tenantId);
  if (hit && Date.now() - hit.at < 60_000) return hit.name;
  const name = (Tenant.findById(tenantId, { name: 1 }).lean() as Promise<{ name?: string } | null>).then((t) => t?.name ?? null);
  name.catch(() => storeNames.delete(tenantId));
  if (storeNames.size > 10_000) storeNames.clear();
  storeNames.set(tenantId, { at: Date.now(), name });
  return name;
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

type Kept = { fields: Record<string, unknown>; done: (error?: unknown) => void };
let unwritten: Kept[] = [];
/** How long the first message of a batch waits for others: the worker's other slots are composing theirs. */
const KEEP_WINDOW_MS = 2;

/**
 * Messages kept in the same moment are written by one insert: an order's e-mails and text, delivered side by side
 * (the notifications worker runs 8 at once), were four inserts, on FerretDB four commits (4.5 -> 2.1 ms of its CPU
 * per order) and four round trips. Each message is still answered on its own: one that fails validation fails its
 * own job only; a failed write fails the jobs of the batch, each retried by the queue as before.
 */
function keep(job: NotificationJob, raw: string): Promise<void> {
  return new Promise((resolve, reject) => {
    unwritten.push({
      fields: { tenantId: job.tenantId, channel: job.channel, to: job.to, subject: job.subject, text: job.text, kind: job.kind, raw, createdAt: new Date() },
      done: (error) => (error ? reject(error) : resolve()),
    });
    if (unwritten.length === 1) setTimeout(writeKept, KEEP_WINDOW_MS);
  });
}

async function writeKept(): Promise<void> {
  const batch = unwritten;
  unwritten = [];
  try {
    // Each message cast and validated as a plain object (no mongoose document: a third of the insert's CPU); the
    // valid ones written in one insert, an invalid one failing its own job only.
    const checked = await Promise.all(batch.map((kept) => asCreated(OutboxMessage, kept.fields).then((doc) => ({ doc }), (error: Error) => ({ error }))));
    const docs = checked.flatMap((c) => ('doc' in c ? [c.doc] : []));
    if (docs.length) await OutboxMessage.collection.insertMany(docs, { ordered: false });
    batch.forEach((kept, i) => kept.done('error' in checked[i] ? checked[i].error : undefined));
  } catch (error) {
    for (const kept of batch) kept.done(error);
  }
}

/**
 * Worker handler for the notifications queue. A job of several messages (NotificationBatchJob) sends them side by
 * side, each on its own: when some fail, the job keeps only those (updateData) and fails, so its retries send
 * again only the failed messages, and a job that fails for good holds just the messages that never went. A crash
 * mid-job sends the job's messages again (at least once, as for a job of one message).
 */
export function deliverNotifications(adapters: Record<NotificationJob['channel'], NotificationAdapter> = { email: new EmailAdapter(), sms: new SmsAdapter() }) {
  return async (job: Job<NotificationsQueueJob>) => {
    if (!('messages' in job.data)) return adapters[job.data.channel].send(job.data);
    const messages = messagesOf(job.data);
    const results = await Promise.allSettled(messages.map((message) => adapters[message.channel].send(message)));
    const failed = messages.filter((_, i) => results[i].status === 'rejected');
    if (!failed.length) return undefined;
    const reasons = results.flatMap((result) => (result.status === 'rejected' ? [String((result.reason as Error)?.message ?? result.reason)] : []));
    if (failed.length < messages.length) await job.updateData({ ...job.data, messages: failed });
    throw new Error(`${failed.length} of ${messages.length} messages not sent (${failed.map((m) => m.kind).join(', ')}): ${reasons.join('; ')}`);
  };
}
