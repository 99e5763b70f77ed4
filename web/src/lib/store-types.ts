import type { Store, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector, useStore } from 'react-redux';
import type { api } from './base-api';
import type { SessionState } from './session';

/** The store's shape, declared here so features can type hooks without importing the app layer. */
export interface RootState {
  session: SessionState;
  api: ReturnType<typeof api.reducer>;
}
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

// The one way to reach the store from a component: typed once here (react-redux's untyped hooks are
// lint-forbidden elsewhere, eslint.config.js).
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<Store<RootState> & { dispatch: AppDispatch }>();
