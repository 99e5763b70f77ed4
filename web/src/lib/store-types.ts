import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import type { api } from './base-api';
import type { SessionState } from './session';

/** The store's shape, declared here so features can type hooks without importing the app layer. */
export interface RootState {
  session: SessionState;
  api: ReturnType<typeof api.reducer>;
}
export type AppDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
