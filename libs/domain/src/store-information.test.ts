import { describe, expect, it } from 'vitest';
import { CLOSES_BEFORE_OPENING, INVALID_EMAIL, INVALID_PHONE, INVALID_TIME, normalizeStoreInformation, storeInformationProblems, type StoreInformation } from './index';

const open = (from: string, to: string) => ({ open: from, close: to, closed: false });
const week = { mon: open('08:00', '18:00'), tue: open('08:00', '18:00'), wed: open('08:00', '18:00'), thu: open('08:00', '18:00'), fri: open('08:00', '20:00'), sat: open('09:00', '17:00'), sun: { open: '', close: '', closed: true } };
const info = (over: Partial<StoreInformation> = {}, location: Partial<StoreInformation['locations'][number]> = {}): StoreInformation =>
  ({ contact_email: 'hello@store.test', locations: [{ id: 1, phone: '(503) 555-0142', hours: week, ...location }], ...over });

describe('store information rules', () => {
  it('accepts a full week, a closed day without times, and no contact e-mail', () => {
    expect(storeInformationProblems(info())).toEqual({});
    expect(storeInformationProblems(info({ contact_email: '  ' }))).toEqual({});
  });

  it('names a bad e-mail and a bad phone by their fields', () => {
    expect(storeInformationProblems(info({ contact_email: 'hello@store' }, { phone: '555-0142' }))).toEqual({ contact_email: INVALID_EMAIL, 'locations.0.phone': INVALID_PHONE });
  });

  it('wants HH:MM times on open days, the close after the open', () => {
    const problems = storeInformationProblems(info({}, { hours: { ...week, mon: open('8am', '18:00'), tue: open('18:00', '08:00'), wed: open('24:00', '25:00'), thu: open('', '') } }));
    expect(problems).toEqual({
      'locations.0.hours.mon': INVALID_TIME, 'locations.0.hours.tue': CLOSES_BEFORE_OPENING,
      'locations.0.hours.wed': INVALID_TIME, 'locations.0.hours.thu': INVALID_TIME,
    });
  });

  it('stores phones as (xxx) xxx-xxxx and every day, a missing one closed', () => {
    const { sun: _sun, ...noSunday } = week;
    const stored = normalizeStoreInformation(info({ contact_email: ' hi@store.test ' }, { phone: '+1 503.555.0142', hours: noSunday }));
    expect(stored.contact_email).toBe('hi@store.test');
    expect(stored.locations[0].phone).toBe('(503) 555-0142');
    expect(Object.keys(stored.locations[0].hours)).toEqual(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']);
    expect(stored.locations[0].hours.sun).toEqual({ open: '', close: '', closed: true });
  });
});
