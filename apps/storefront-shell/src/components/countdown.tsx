import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { countdownParts } from '@platform/domain';

const Parts = styled.span`
  display: inline-flex; gap: 8px; font-variant-numeric: tabular-nums;
  span { display: inline-grid; text-align: center; }
  b { font-size: 1.25rem; }
  small { font-size: 0.7rem; text-transform: uppercase; }
`;

/** Time left to `endsAt`, ticking every second; calls onEnd once and stops when it passes. */
export function Countdown({ endsAt, onEnd, label = 'Ends in' }: { endsAt: string; onEnd?: () => void; label?: string }) {
  const end = new Date(endsAt).getTime();
  const [now, setNow] = useState(() => Date.now());
  const ended = now >= end;
  useEffect(() => {
    if (ended) { onEnd?.(); return undefined; }
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ended]);
  const parts = countdownParts(end - now);
  return (
    <p data-testid="countdown">
      {label}{' '}
      {/* Read out once, not every second. */}
      <Parts aria-label={parts.map((p) => `${Number(p.value)} ${p.unit}`).join(', ')} role="timer" aria-live="off">
        {parts.map((p) => <span key={p.unit}><b>{p.value}</b><small>{p.unit}</small></span>)}
      </Parts>
    </p>
  );
}
