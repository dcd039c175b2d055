/**
 * E-mail campaigns (the admin's Emails area, spec 3 §2 /admin/emails): a store writes to the customers who
 * agreed to receive marketing e-mails (receive_marketing). The spec names the screens only; these are the
 * rules the screens and the service share (docs/API-DECISIONS.md "E-mail campaigns").
 */
export const CAMPAIGN_SUBJECT_MAX = 150;
export const CAMPAIGN_BODY_MAX = 20_000;

export type CampaignStatus = 'draft' | 'sending' | 'sent';
export const CAMPAIGN_STATUS_LABELS: Record<CampaignStatus, string> = { draft: 'Draft', sending: 'Sending', sent: 'Sent' };

export const CAMPAIGN_SAVED = 'Your e-mail has been saved.';
export const CAMPAIGN_DELETED = 'The draft has been deleted.';
export const CAMPAIGN_NOT_FOUND = 'This e-mail was not found. It may have been deleted.';
export const CAMPAIGN_ALREADY_SENT = 'This e-mail has been sent and can no longer be changed.';
export const CAMPAIGN_NO_AUDIENCE = 'No customers have agreed to receive marketing e-mails yet, so there is no one to send this to.';
export const CAMPAIGN_AUDIENCE_CHANGED = 'The number of customers who receive marketing e-mails has changed. Please check it and send again.';

/** What is wrong with a campaign's subject and text, by field (every problem at once). */
export function campaignProblems(input: { subject: string; body: string }): Record<string, string> {
  const problems: Record<string, string> = {};
  if (!input.subject.trim()) problems.subject = 'Please write a subject.';
  else if (input.subject.trim().length > CAMPAIGN_SUBJECT_MAX) problems.subject = `The subject can be at most ${CAMPAIGN_SUBJECT_MAX} characters.`;
  if (!input.body.trim()) problems.body = 'Please write your message.';
  else if (input.body.length > CAMPAIGN_BODY_MAX) problems.body = `The message can be at most ${CAMPAIGN_BODY_MAX.toLocaleString('en-US')} characters.`;
  return problems;
}

/** Who a campaign goes to, in words: '1 customer' / '12 customers'. */
export const audienceLabel = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'customer' : 'customers'}`;

/**
 * The e-mail one customer gets: the store's words, then why they get it, the way out and the store's postal
 * address (commercial e-mail must carry both, US CAN-SPAM). The unsubscribe address sits inside a sentence,
 * so the HTML part shows it as a plain link rather than a button.
 */
export function campaignEmail(input: { storeName: string; subject: string; body: string; unsubscribeUrl: string; postalAddress: string | null }): { subject: string; text: string } {
  const footer = [
    `You receive this e-mail because you agreed to hear from ${input.storeName}.`,
    `To stop these e-mails, unsubscribe here: ${input.unsubscribeUrl}`,
    ...(input.postalAddress ? [`${input.storeName}, ${input.postalAddress}`] : []),
  ];
  return { subject: input.subject.trim(), text: `${input.body.trim()}\n\n--\n${footer.join('\n')}` };
}

/** A test send is marked as one, so nobody mistakes it for the campaign itself. */
export const testCampaignSubject = (subject: string) => `[Test] ${subject.trim()}`;

export const UNSUBSCRIBE_PATH = '/unsubscribe';
export const unsubscribedMessage = (storeName: string) => `You will no longer receive marketing e-mails from ${storeName}.`;
