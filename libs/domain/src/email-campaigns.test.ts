import { describe, expect, it } from 'vitest';
import { audienceLabel, CAMPAIGN_BODY_MAX, CAMPAIGN_SUBJECT_MAX, campaignEmail, campaignProblems, testCampaignSubject } from './index';

describe('e-mail campaigns', () => {
  it('asks for a subject and a message, each within its length, all problems at once', () => {
    expect(campaignProblems({ subject: ' ', body: '\n' })).toEqual({ subject: 'Please write a subject.', body: 'Please write your message.' });
    expect(campaignProblems({ subject: 'x'.repeat(CAMPAIGN_SUBJECT_MAX + 1), body: 'x'.repeat(CAMPAIGN_BODY_MAX + 1) })).toEqual({
      subject: 'The subject can be at most 150 characters.', body: 'The message can be at most 20,000 characters.',
    });
    expect(campaignProblems({ subject: 'Spring sale', body: 'Mulch is 20% off.' })).toEqual({});
  });

  it('ends every e-mail with why it came, the unsubscribe link and the postal address', () => {
    const email = campaignEmail({ storeName: 'Demo Hardware', subject: ' Spring sale ', body: 'Mulch is 20% off.\n', unsubscribeUrl: 'https://demo.test/unsubscribe?token=abc', postalAddress: '12 Main St, Portland, OR 97201' });
    expect(email.subject).toBe('Spring sale');
    expect(email.text).toBe([
      'Mulch is 20% off.', '', '--',
      'You receive this e-mail because you agreed to hear from Demo Hardware.',
      'To stop these e-mails, unsubscribe here: https://demo.test/unsubscribe?token=abc',
      'Demo Hardware, 12 Main St, Portland, OR 97201',
    ].join('\n'));
    expect(campaignEmail({ storeName: 'S', subject: 'a', body: 'b', unsubscribeUrl: 'u', postalAddress: null }).text).not.toContain('S, ');
  });

  it('counts the audience in words and marks test sends', () => {
    expect(audienceLabel(1)).toBe('1 customer');
    expect(audienceLabel(1200)).toBe('1,200 customers');
    expect(testCampaignSubject(' Spring sale')).toBe('[Test] Spring sale');
  });
});
