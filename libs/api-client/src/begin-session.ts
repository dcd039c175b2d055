import type { Dispatch, ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { LoginResponse } from '@platform/contracts';
import { platformApi } from './api';
import { setSession } from './session';

/**
 * Keeps a sign-in's session ('Keep me signed in': local storage, else this tab only) and forgets everything
 * fetched before it (a guest's or another account's answers).
 */
export function beginSession(answer: LoginResponse, keep: boolean, dispatch: Dispatch<UnknownAction>): void {
  const { is_admin, access_token, data } = answer;
  setSession({ is_admin, access_token, loginKeep: keep, data });
  dispatch(platformApi.util.resetApiState());
}

/** What RTK Query's `initiate` gives: a thunk whose result can be awaited and let go. */
type QueryThunk<T> = ThunkAction<{ unwrap(): Promise<T>; unsubscribe(): void }, unknown, unknown, UnknownAction>;

/**
 * One query's answer outside a component: the cached answer, else read and waited for (a sign-in forgets the
 * cache, and a quick click may come before the page read it again); undefined when it cannot be read.
 */
export async function readQuery<T>(dispatch: Dispatch<UnknownAction>, query: QueryThunk<T>): Promise<T | undefined> {
  // The store's dispatch runs thunks (RTK Query's); the hook's type does not say so.
  const read = (dispatch as ThunkDispatch<unknown, unknown, UnknownAction>)(query);
  try {
    return await read.unwrap();
  } catch {
    return undefined;
  } finally {
    read.unsubscribe();
  }
}
