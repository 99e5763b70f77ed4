import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { staffRoleAllows, type StaffMember, type StaffRole } from '@wholesale/contract/staff';

export type { StaffMember, StaffRole };

export interface StaffSessionState {
  token: string | null;
  staff: StaffMember | null;
  /** Why the last session ended when the server ended it (expired, role or password changed). */
  ended: boolean;
}

/**
 * The staff session lives in this tab's sessionStorage only: staff sessions are short, a closed tab
 * ends it, and it never shares the buyer's localStorage key, so a staff token can never be sent by the
 * buyer's app (and the server refuses it on buyer routes anyway).
 */
export const STAFF_SESSION_KEY = 'wholesale-portal.staff-session';

const empty: StaffSessionState = { token: null, staff: null, ended: false };

export function readStaffSession(storage: Pick<Storage, 'getItem'> | null = tabStorage()): StaffSessionState {
  try {
    const raw = storage?.getItem(STAFF_SESSION_KEY);
    if (!raw) return empty;
    const parsed = JSON.parse(raw) as Partial<StaffSessionState>;
    if (typeof parsed.token === 'string' && parsed.staff && typeof parsed.staff.username === 'string') {
      return { token: parsed.token, staff: parsed.staff, ended: false };
    }
  } catch {
    // An unreadable entry is no session.
  }
  return empty;
}

export function writeStaffSession(
  state: StaffSessionState,
  storage: Pick<Storage, 'setItem' | 'removeItem'> | null = tabStorage(),
) {
  try {
    if (state.token && state.staff)
      storage?.setItem(STAFF_SESSION_KEY, JSON.stringify({ token: state.token, staff: state.staff }));
    else storage?.removeItem(STAFF_SESSION_KEY);
  } catch {
    // Storage refused (private mode): the session lasts as long as the page.
  }
}

function tabStorage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

export const staffSessionSlice = createSlice({
  name: 'staffSession',
  initialState: empty,
  reducers: {
    staffSignedIn: (_s, action: PayloadAction<{ token: string; staff: StaffMember }>) => ({
      token: action.payload.token,
      staff: action.payload.staff,
      ended: false,
    }),
    /** `ended` when the server refused the token (expired, or ended by a password or role change). */
    staffSignedOut: (_s, action: PayloadAction<{ ended: boolean } | undefined>) => ({
      ...empty,
      ended: action.payload?.ended ?? false,
    }),
  },
});

export const { staffSignedIn, staffSignedOut } = staffSessionSlice.actions;

export interface StateWithStaffSession {
  staffSession: StaffSessionState;
}

/**
 * What each role is offered on screen: the least role of the endpoint behind it, checked by the
 * contract's one rule (staffRoleAllows). The server enforces the same per endpoint.
 */
const allows = (needed: StaffRole) => (held: StaffRole | undefined) => !!held && staffRoleAllows(held, needed);
export const can = {
  editCredit: allows('finance'),
  manageUsers: allows('customer_service'),
  viewAs: allows('customer_service'),
  changeOrders: allows('customer_service'),
  settings: allows('admin'),
  integration: allows('admin'),
  audit: allows('admin'),
  staffUsers: allows('admin'),
};
