/** Opening hours of a store location, keyed mon to sun, times as HH:MM (24 h). */
export type WeekHours = Record<string, { open: string; close: string; closed: boolean } | undefined>;

export const WEEK_DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

/** '08:00' → '8am', '13:30' → '1:30pm', '12:00' → '12pm' (spec 1: no leading zeros or ':00', lower-case am/pm). */
export function formatHour(time: string): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(time.trim());
  if (!match) return time.trim();
  const hours = Number(match[1]);
  const suffix = hours >= 12 && hours < 24 ? 'pm' : 'am';
  const twelve = hours % 12 === 0 ? 12 : hours % 12;
  return `${twelve}${match[2] === '00' ? '' : `:${match[2]}`}${suffix}`;
}

/**
 * Rows for showing a week (spec 1 §9, footer and store cards): consecutive days with the same open and close
 * times merge ('mon - wed'); closed days and days without hours stand alone.
 */
export function hoursRows(hours: WeekHours): { days: string; text: string }[] {
  const rows: { from: string; to: string; text: string; mergeable: boolean }[] = [];
  for (const day of WEEK_DAYS) {
    const h = hours[day];
    const open = Boolean(h && !h.closed && h.open && h.close);
    const text = open ? `${formatHour(h!.open)} - ${formatHour(h!.close)}` : 'Closed';
    const last = rows.at(-1);
    if (last && open && last.mergeable && last.text === text) last.to = day;
    else rows.push({ from: day, to: day, text, mergeable: open });
  }
  return rows.map((r) => ({ days: r.from === r.to ? r.from : `${r.from} - ${r.to}`, text: r.text }));
}
