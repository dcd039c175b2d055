import { describe, expect, it } from 'vitest';
import { PING_CONTACT_NEEDED, PING_NAME_NEEDED, pingContact, pingContactProblems, pingSavedMessage } from './in-store-ping';

describe('in-store ping contact details', () => {
  it('accepts a name with a phone, an e-mail, or both, and cleans them', () => {
    expect(pingContactProblems({ name: 'Ana', phone: '(503) 555-0142' })).toEqual({});
    expect(pingContactProblems({ name: 'Ana', email: 'Ana@Example.com ' })).toEqual({});
    expect(pingContact({ name: '  Ana   Diaz ', phone: '+1 503 555 0142', email: ' Ana@Example.com' })).toEqual({ name: 'Ana Diaz', phone: '5035550142', email: 'ana@example.com' });
    expect(pingContact({ name: 'Ana', email: 'ana@example.com' })).toEqual({ name: 'Ana', phone: null, email: 'ana@example.com' });
  });

  it('needs a name and a way to reach the guest, and says what is wrong with each field', () => {
    expect(pingContactProblems({})).toEqual({ name: PING_NAME_NEEDED, phone: PING_CONTACT_NEEDED });
    expect(pingContactProblems({ name: ' ', phone: ' ', email: '' })).toEqual({ name: PING_NAME_NEEDED, phone: PING_CONTACT_NEEDED });
    expect(pingContactProblems({ name: 'Ana', phone: '555-0142', email: 'ana@' })).toEqual({ phone: 'Please enter a valid phone number.', email: 'Please enter a valid email address.' });
  });

  it('names the store in the confirmation', () => {
    expect(pingSavedMessage('Main St')).toBe("We asked Main St to check for this item. We'll let you know once when it's in stock there.");
    expect(pingSavedMessage('')).toContain('We asked the store');
  });
});
