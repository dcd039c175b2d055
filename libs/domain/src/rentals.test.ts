import { describe, expect, it } from 'vitest';
import { rentalDays, rentalEstimateCents, rentalRequestProblems } from './rentals';

const good = { first_name: 'Ana', last_name: 'Diaz', email: 'ana@example.test', phone: '(503) 555-0142', rental_id: 3, start_date: '2026-11-23', end_date: '2026-11-24' };

describe('rental request rules', () => {
  it('accepts a complete request from today on', () => {
    expect(rentalRequestProblems(good, '2026-11-22')).toEqual({});
    expect(rentalRequestProblems({ ...good, rental_id: null, item: 'Tile saw', start_date: '2026-11-22', end_date: '2026-11-22' }, '2026-11-22')).toEqual({});
  });

  it('names each problem under its field', () => {
    expect(rentalRequestProblems({ first_name: ' ', last_name: '', email: 'ana@', phone: '555-0142', rental_id: null, item: ' ', start_date: '2026-11-21', end_date: 'soon' }, '2026-11-22')).toEqual({
      first_name: 'Please enter your first name.',
      last_name: 'Please enter your last name.',
      email: 'Please enter a valid email address.',
      phone: 'Please enter a valid phone number.',
      item: 'Please tell us what you would like to rent.',
      start_date: 'Please choose a start date from today on.',
      end_date: 'Please choose a return date.',
    });
    expect(rentalRequestProblems({ ...good, end_date: '2026-11-22' }, '2026-11-22')).toEqual({ end_date: 'The return date cannot be before the start date.' });
    expect(rentalRequestProblems({ ...good, start_date: '2026-02-30' }, '2026-01-01').start_date).toBeDefined();
  });
});

describe('rental estimate', () => {
  it('counts the start and return days', () => {
    expect(rentalDays('2026-11-23', '2026-11-23')).toBe(1);
    expect(rentalDays('2026-11-23', '2026-11-29')).toBe(7);
  });

  it('charges whole weeks then days, never more than one more week', () => {
    const rates = { dayCents: 4000, weekCents: 16000 };
    expect(rentalEstimateCents(rates, 1)).toBe(4000);
    expect(rentalEstimateCents(rates, 3)).toBe(12000);
    expect(rentalEstimateCents(rates, 5)).toBe(16000);
    expect(rentalEstimateCents(rates, 8)).toBe(20000);
    expect(rentalEstimateCents({ dayCents: 4000, weekCents: null }, 8)).toBe(32000);
    expect(rentalEstimateCents(rates, 0)).toBe(0);
  });
});
