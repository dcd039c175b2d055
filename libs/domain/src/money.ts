/** Money is integer cents inside; the API and UI show 2 decimals. */
export type Cents = number;

/** Formats integer cents as a 2-decimal string, e.g. 1290 -> "12.90". */
export function formatCents(cents: Cents): string {
  if (!Number.isInteger(cents)) throw new TypeError(`money must be integer cents, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Parses a decimal amount ("12.9", 12.9) into integer cents without float drift. */
export function toCents(amount: string | number): Cents {
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  const match = /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new TypeError(`not a money amount: ${amount}`);
  const [, minus, whole, fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return minus ? -cents : cents;
}

/** Display form with the store's currency prefix, e.g. "$12.90". */
export function displayPrice(cents: Cents, currencyPrefix = '$'): string {
  return `${currencyPrefix}${formatCents(cents)}`;
}
