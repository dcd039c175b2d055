import { describe, expect, test } from 'vitest';
import { AppError } from '@platform/server-kit';
import { assertRefundWithinCaptured, REFUND_OVER_PAID } from './refund-guard';
import { WHOLE_CENTS } from './provider';

describe('assertRefundWithinCaptured', () => {
  const refuses = (capturedCents: number, refundedCents: number, amountCents: number, message = REFUND_OVER_PAID) => {
    let thrown: unknown;
    try { assertRefundWithinCaptured({ capturedCents, refundedCents }, amountCents); } catch (e) { thrown = e; }
    expect(thrown).toBeInstanceOf(AppError);
    expect(thrown).toMatchObject({ message, status: message === REFUND_OVER_PAID ? 422 : 400 });
  };

  test('refunds up to what was captured, in one go or in parts', () => {
    expect(() => assertRefundWithinCaptured({ capturedCents: 2599, refundedCents: 0 }, 2599)).not.toThrow();
    expect(() => assertRefundWithinCaptured({ capturedCents: 2599, refundedCents: 1000 }, 1599)).not.toThrow();
  });

  test('never more than was paid altogether', () => {
    refuses(2599, 0, 2600);
    refuses(2599, 1000, 1600);
    refuses(0, 0, 1);
  });

  test('whole cents above zero only', () => {
    refuses(2599, 0, 0, WHOLE_CENTS);
    refuses(2599, 0, -100, WHOLE_CENTS);
    refuses(2599, 0, 10.5, WHOLE_CENTS);
  });
});
