import { useSyncExternalStore } from 'react';
import { generateDeviceId, isDeviceId } from '@platform/domain';

/** The signed-in user as kept in browser storage (spec 2 §3 "User (local storage)"). */
export interface SessionUser {
  is_admin: boolean;
  access_token: string;
  loginKeep: boolean;
  data: {
    /** is_sub_account: a staff sub-account; absent in a session kept from before the login answer had it (the admin area's sub-accounts refresh sets it). */
    customer: { slug: string; first_name: string; last_name: string; receive_marketing: boolean | null; permissions: string[]; is_sub_account?: boolean };
    is_developer: boolean;
  };
}

const USER_KEY = 'user';
const DEVICE_KEY = 'device_id';
const STORE_KEY = 'selectedStore';
const PREV_STORE_KEY = 'prevSelectedStore';
/** Spec 1 §3 'showLocationPopup': '1' while the first-visit store question is open, '0' once it was answered. */
const STORE_QUESTION_KEY = 'showLocationPopup';
const REDIRECT_KEY = 'redirectIntent';
const STORE_COOKIE_SECONDS = 31536000;

const listeners = new Set<() => void>();
let cachedUser: SessionUser | null | undefined;

function emit() { cachedUser = undefined; listeners.forEach((listener) => listener()); }

function read(storage: Storage, key: string): string | null {
  try { return storage.getItem(key); } catch { return null; }
}

/** The user from local storage ('Keep me signed in') or session storage. */
export function getSession(): SessionUser | null {
  if (cachedUser !== undefined) return cachedUser;
  const raw = read(localStorage, USER_KEY) ?? read(sessionStorage, USER_KEY);
  try { cachedUser = raw ? (JSON.parse(raw) as SessionUser) : null; } catch { cachedUser = null; }
  return cachedUser;
}

export function setSession(user: SessionUser): void {
  (user.loginKeep ? localStorage : sessionStorage).setItem(USER_KEY, JSON.stringify(user));
  (user.loginKeep ? sessionStorage : localStorage).removeItem(USER_KEY);
  emit();
}

/** Signs out locally: forgets the user and gives this browser a new device id (spec 2 §4). */
export function clearSession(): void {
  localStorage.removeItem(USER_KEY);
  sessionStorage.removeItem(USER_KEY);
  localStorage.setItem(DEVICE_KEY, generateDeviceId());
  emit();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionUser | null {
  return useSyncExternalStore(subscribeSession, getSession, () => null);
}

/** This browser's device id: 10 random alphanumeric characters, created on first use. */
export function getDeviceId(): string {
  const stored = read(localStorage, DEVICE_KEY);
  if (isDeviceId(stored)) return stored;
  const id = generateDeviceId();
  localStorage.setItem(DEVICE_KEY, id);
  return id;
}

export function getSelectedStore(): number | null {
  const raw = read(localStorage, STORE_KEY);
  return raw && /^\d+$/.test(raw) ? Number(raw) : null;
}

/** Saves the chosen store locally and in the selectedStore cookie (one year), remembering the previous one. */
export function setSelectedStore(storeId: number): void {
  const previous = getSelectedStore();
  if (previous !== null && previous !== storeId) localStorage.setItem(PREV_STORE_KEY, String(previous));
  localStorage.setItem(STORE_KEY, String(storeId));
  // A store chosen (by the shopper, a link or their account) answers the first-visit question (spec 1 §4).
  localStorage.setItem(STORE_QUESTION_KEY, '0');
  document.cookie = `selectedStore=${storeId}; max-age=${STORE_COOKIE_SECONDS}; path=/; samesite=lax`;
  emit();
}

/** The store a link names with ?store=, ?storeid= or ?selectedStore= (digits; spec 1 §2), if any. */
export function storeNamedInUrl(search: string): number | null {
  const query = new URLSearchParams(search);
  const value = ['store', 'storeid', 'selectedStore'].map((k) => query.get(k)).find((v) => v && /^\d+$/.test(v));
  return value ? Number(value) : null;
}

/**
 * A first visit gets the first location before any priced request goes out, so nothing is fetched twice
 * (spec 1 §4: one location is auto-selected). With several, the first only stands in while the store question
 * is open: the shopper is asked which store (the store picker), unless they answered before. A store the link
 * names is left to the store picker, which also saves it on a signed-in account.
 */
export function preselectStore(locationIds: number[], search: string): void {
  const selected = getSelectedStore();
  if (!locationIds.length || (selected !== null && locationIds.includes(selected))) return;
  const named = storeNamedInUrl(search);
  if (named !== null && locationIds.includes(named)) return;
  const answered = read(localStorage, STORE_QUESTION_KEY) === '0';
  setSelectedStore(locationIds[0]);
  if (locationIds.length > 1 && !answered) { localStorage.setItem(STORE_QUESTION_KEY, '1'); emit(); }
}

/** Whether the first-visit store question is open (a stand-in store was preselected among several). */
export function storeQuestionOpen(): boolean { return read(localStorage, STORE_QUESTION_KEY) === '1'; }

/** Closes the store question without a new choice: the shopper keeps the store shown and can change it from the header. */
export function closeStoreQuestion(): void {
  localStorage.setItem(STORE_QUESTION_KEY, '0');
  emit();
}

export function useStoreQuestionOpen(): boolean {
  return useSyncExternalStore(subscribeSession, storeQuestionOpen, () => false);
}

export function useSelectedStore(): number | null {
  return useSyncExternalStore(subscribeSession, getSelectedStore, () => null);
}

/** Where to go after signing in, remembered when a protected page sent the visitor to /login. */
export function rememberRedirect(path: string): void { sessionStorage.setItem(REDIRECT_KEY, path); }
export function takeRedirect(): string | null {
  const path = read(sessionStorage, REDIRECT_KEY);
  sessionStorage.removeItem(REDIRECT_KEY);
  return path;
}

let businessSlug: string | null = null;
export function setBusinessSlug(slug: string): void { businessSlug = slug; }
export function getBusinessSlug(): string | null { return businessSlug; }
