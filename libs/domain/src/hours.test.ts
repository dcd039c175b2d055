import { describe, expect, it } from 'vitest';
import { formatHour, hoursRows } from './index';

describe('opening hours', () => {
  it('drops leading zeros and :00, with lower-case am/pm', () => {
    expect(formatHour('08:00')).toBe('8am');
    expect(formatHour('13:30')).toBe('1:30pm');
    expect(formatHour('12:00')).toBe('12pm');
    expect(formatHour('00:15')).toBe('12:15am');
  });

  it('merges consecutive days with equal hours, never across a closed day', () => {
    const day = (open: string, close: string) => ({ open, close, closed: false });
    expect(hoursRows({
      mon: day('08:00', '18:00'), tue: day('08:00', '18:00'), wed: day('08:00', '18:00'), thu: day('08:00', '20:00'),
      fri: { open: '08:00', close: '18:00', closed: true }, sat: undefined, sun: day('10:00', '16:30'),
    })).toEqual([
      { days: 'mon - wed', text: '8am - 6pm' }, { days: 'thu', text: '8am - 8pm' }, { days: 'fri', text: 'Closed' }, { days: 'sat', text: 'Closed' },
      { days: 'sun', text: '10am - 4:30pm' },
    ]);
  });
});
