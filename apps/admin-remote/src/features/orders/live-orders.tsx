import { useEffect, useState, useSyncExternalStore } from 'react';
import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import { badgedTitle, isNewOrderEvent, type LiveOrderEvent } from '@platform/domain';
import { platformApi } from '@platform/api-client';
import { Button } from '@platform/ui';

/**
 * The prepare console's live orders (docs/PREPARE-CONSOLE.md): the screen opens the store's event stream with a
 * one-minute ticket (an EventSource cannot send the session's token), refreshes the order lists and the open order
 * on each event, and announces a new order with a short sound (unless muted) and a count in the tab's title
 * ('(2) Orders · …') until someone is back at the screen.
 */
const liveApi = platformApi.injectEndpoints({
  endpoints: (build) => ({
    liveOrdersTicket: build.mutation<{ ticket: string; expires_in: number; location_id: number | null }, void>({
      query: () => ({ url: 'admin/orders/live/ticket', method: 'POST', body: {} }),
    }),
  }),
});

// The count of new orders nobody has looked at yet, kept for the whole page (it survives moving between order screens).
let unseen = 0;
let plainTitle = '';
const watchers = new Set<() => void>();
function setUnseen(count: number) {
  if (count === unseen) return;
  if (unseen === 0) plainTitle = document.title;
  unseen = count;
  document.title = badgedTitle(unseen, plainTitle);
  watchers.forEach((w) => w());
}
const watchUnseen = (w: () => void) => { watchers.add(w); return () => { watchers.delete(w); }; };
/** New orders not yet seen: the tab's badge. */
export const useUnseenOrders = () => useSyncExternalStore(watchUnseen, () => unseen, () => 0);

const MUTE_KEY = 'orders-sound-muted';
const soundMuted = () => { try { return localStorage.getItem(MUTE_KEY) === '1'; } catch { return false; } };
let audio: AudioContext | null = null;
/** The browser lets a page play sound only after a click or a key: the first one readies it. */
function readySound() {
  const Context = window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Context) return;
  audio ??= new Context();
  if (audio.state === 'suspended') void audio.resume().catch(() => undefined);
}
/** Two short rising tones. */
function beep() {
  if (soundMuted() || !audio || audio.state !== 'running') return;
  for (const [at, pitch] of [[0, 880], [0.18, 1175]] as const) {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.frequency.value = pitch;
    volume.gain.setValueAtTime(0.2, audio.currentTime + at);
    volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + at + 0.15);
    tone.connect(volume).connect(audio.destination);
    tone.start(audio.currentTime + at);
    tone.stop(audio.currentTime + at + 0.16);
  }
}

export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'unavailable';
const RETRY_MS = [1000, 2000, 5000, 10_000, 30_000];

/**
 * Keeps the screen live while mounted: the store's order events refresh every order answer in the cache ('Orders'),
 * and a new order (placed, or moved to the caller's location) is announced. Reconnects with a new ticket after a
 * lost connection and refreshes then (events meanwhile were missed). Answers the connection's state and the location
 * the caller is bound to (null: every location).
 */
export function useLiveOrders(): { state: LiveState; locationId: number | null } {
  const dispatch = useDispatch();
  const [getTicket] = liveApi.useLiveOrdersTicketMutation();
  const [state, setState] = useState<LiveState>('connecting');
  const [locationId, setLocationId] = useState<number | null>(null);

  useEffect(() => {
    if (typeof EventSource === 'undefined') { setState('unavailable'); return undefined; }
    let source: EventSource | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let failures = 0;
    const refresh = () => dispatch(platformApi.util.invalidateTags(['Orders']));
    const retry = () => {
      setState('reconnecting');
      timer = setTimeout(() => void connect(), RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
      failures += 1;
    };
    const connect = async () => {
      if (stopped) return;
      let answer: { ticket: string; location_id: number | null };
      try {
        answer = await getTicket().unwrap();
      } catch (error) {
        // Signed out (the client signs out itself) or no longer an admin: nothing to reconnect for.
        const status = (error as { status?: unknown }).status;
        if (status === 401 || status === 403) { setState('unavailable'); return; }
        retry();
        return;
      }
      if (stopped) return;
      setLocationId(answer.location_id);
      const opened = new EventSource(`/api/orders/live?ticket=${encodeURIComponent(answer.ticket)}`);
      source = opened;
      opened.addEventListener('ready', () => {
        if (failures > 0) refresh();
        failures = 0;
        setState('live');
      });
      opened.addEventListener('order', (message) => {
        const event = JSON.parse((message as MessageEvent<string>).data) as LiveOrderEvent;
        refresh();
        if (isNewOrderEvent(event, answer.location_id)) { setUnseen(unseen + 1); beep(); }
      });
      // A ticket opens one stream once: after any break the stream is opened again with a new one.
      opened.onerror = () => { opened.close(); if (source === opened && !stopped) { source = null; retry(); } };
    };
    void connect();
    return () => { stopped = true; clearTimeout(timer); source?.close(); };
  }, [dispatch, getTicket]);

  // Someone is at the screen: a click, a key or the tab coming back clears the badge (and readies the sound).
  useEffect(() => {
    const seen = () => { readySound(); if (document.visibilityState === 'visible') setUnseen(0); };
    window.addEventListener('pointerdown', seen);
    window.addEventListener('keydown', seen);
    document.addEventListener('visibilitychange', seen);
    return () => {
      window.removeEventListener('pointerdown', seen);
      window.removeEventListener('keydown', seen);
      document.removeEventListener('visibilitychange', seen);
      setUnseen(0);
    };
  }, []);
  return { state, locationId };
}

const Bar = styled.div`
  display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; margin: -4px 0 12px;
  .dot { display: inline-block; width: 10px; height: 10px; border-radius: 50%; margin-right: 6px; background: ${(p) => p.theme.colors.border}; }
  .dot.live { background: ${(p) => p.theme.colors.success}; }
`;
const STATE_TEXT: Record<LiveState, string> = {
  connecting: 'Connecting…', live: 'Live: new orders appear as they come in', reconnecting: 'Reconnecting… (reload if this stays)', unavailable: 'Live updates are off: reload to see new orders',
};

/** The console's strip: whether it is live, the location a bound staff member sees, and the sound on or off. */
export function LiveOrdersBar({ state, locationName }: { state: LiveState; locationName: string | null }) {
  const [muted, setMuted] = useState(soundMuted);
  const toggle = () => {
    const next = !muted;
    try { localStorage.setItem(MUTE_KEY, next ? '1' : '0'); } catch { /* private mode: for this page only */ }
    setMuted(next);
    if (!next) readySound();
  };
  return (
    <Bar role="status" aria-label="Live orders">
      <span><span className={`dot${state === 'live' ? ' live' : ''}`} aria-hidden />{STATE_TEXT[state]}</span>
      {locationName ? <span>You see the orders of <strong>{locationName}</strong>.</span> : null}
      <Button type="button" $variant="secondary" aria-pressed={!muted} onClick={toggle}>{muted ? 'Sound off' : 'Sound on'}</Button>
    </Bar>
  );
}
