// npm run outbox [-- --to jane@example.test] [--limit 10]: the newest e-mails and texts the stores sent
// while no SMTP server or SMS account is configured (sign-in codes, one-time links, reset codes).
import { connectMongo, disconnectMongo } from '@platform/db';
import { OutboxMessage } from '@platform/notifications';

const arg = (name: string) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : undefined; };
await connectMongo(process.env.MONGODB_URI!);
const filter = arg('to') ? { to: arg('to')!.toLowerCase().replace(/^\+1/, '') } : {};
// Platform tooling reads every tenant's outbox: the scoping plugin is bypassed on purpose.
const messages = await OutboxMessage.collection.find(filter).sort({ createdAt: -1 }).limit(Number(arg('limit') ?? 10)).toArray();
if (!messages.length) console.log('The outbox is empty.');
for (const m of messages.reverse()) {
  console.log(`--- ${m.createdAt.toISOString()}  ${m.channel} to ${m.to}  (${m.kind})${m.subject ? `  ${m.subject}` : ''}`);
  console.log(m.text);
}
await disconnectMongo();
