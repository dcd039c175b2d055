import { describe, expect, it } from 'vitest';
import { maskMemberNumber, rewardsNotFound, rewardsSignupProblems } from './rewards';

describe('rewards rules', () => {
  it('accepts a complete sign-up and names each problem', () => {
    expect(rewardsSignupProblems({ first_name: 'Ana', last_name: 'Diaz', email: 'ana@example.test', phone: '(503) 555-0142', zip: '97301' })).toEqual({});
    expect(rewardsSignupProblems({ first_name: '', last_name: ' ', email: 'x', phone: '12', zip: '9730' })).toEqual({
      first_name: 'Please enter your first name.', last_name: 'Please enter your last name.', email: 'Please enter a valid email address.',
      phone: 'Please enter a valid phone number.', zip: 'Please enter a 5-digit ZIP code.',
    });
  });

  it('shows only the last four digits of a member number, and says which field found nothing', () => {
    expect(maskMemberNumber('4820001234')).toBe('••••••1234');
    expect(rewardsNotFound('phone')).toBe('We could not find a rewards membership for that phone number.');
    expect(rewardsNotFound('email')).toBe('We could not find a rewards membership for that e-mail address.');
  });
});
