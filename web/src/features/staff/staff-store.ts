import { configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { staffApi } from './staff-api';
import { readStaffSession, staffSessionSlice, writeStaffSession } from './staff-session';
import { endViewAsOnRequest } from './view-as-api';

/**
 * The back office's own store, made when its first screen loads. Its session and its cached answers
 * never mix with the buyer's store: a staff token cannot reach a buyer endpoint from here, nor a
 * buyer's token a staff one.
 */
function createStaffStore() {
  const store = configureStore({
    reducer: { staffSession: staffSessionSlice.reducer, [staffApi.reducerPath]: staffApi.reducer },
    preloadedState: { staffSession: readStaffSession() },
    middleware: (getDefault) => getDefault().concat(staffApi.middleware),
  });
  let last = store.getState().staffSession;
  store.subscribe(() => {
    const next = store.getState().staffSession;
    if (next === last) return;
    last = next;
    writeStaffSession(next);
    if (!next.token) store.dispatch(staffApi.util.resetApiState());
  });
  endViewAsOnRequest(store);
  return store;
}

let store: ReturnType<typeof createStaffStore> | undefined;

/** The one staff store of this page. */
export function staffStore() {
  store ??= createStaffStore();
  return store;
}

type StaffStore = ReturnType<typeof createStaffStore>;
type StaffState = ReturnType<StaffStore['getState']>;

// The one way to the back office's store from a component, typed once here as lib/store-types.ts
// types the buyer's (react-redux's untyped hooks are lint-forbidden elsewhere).
export const useStaffSelector = useSelector.withTypes<StaffState>();
export const useStaffDispatch = useDispatch.withTypes<StaffStore['dispatch']>();
