/** Timestamps are stored as ISO text on both engines. */
export const nowIso = (): string => new Date().toISOString();
export const addSeconds = (iso: string, s: number): string => new Date(Date.parse(iso) + s * 1000).toISOString();
/** Today's date as 'yyyy-mm-dd' (UTC). */
export const todayIso = (): string => new Date().toISOString().slice(0, 10);
