import { VIEW_AS_KEY } from '../../lib/view-as';

/** What a view-as tab keeps (lib/view-as.ts VIEW_AS_KEY): read by its banner, out of the start-up code. */
export interface ViewAsInfo {
  /** The view-as session's id (the back office ends it by this). */
  id: string;
  /** "Viewing as {name} ({account}) for {staff}", as the server words it. */
  banner: string;
  expiresAt: string;
}

export function viewAsInfo(): ViewAsInfo | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(VIEW_AS_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<ViewAsInfo>;
    return typeof v.id === 'string' && typeof v.banner === 'string'
      ? { id: v.id, banner: v.banner, expiresAt: String(v.expiresAt ?? '') }
      : null;
  } catch {
    return null;
  }
}
