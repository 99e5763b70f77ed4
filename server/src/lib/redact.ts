/**
 * Removes keys from a URL before it is logged: the one-time login token (/api/auth/refresh/{rt},
 * /redirect?rt=) and hosted payment page ids (/pay/{id}) each grant access on their own.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/^(\/api\/auth\/refresh\/)[^/?#]+/i, '$1[redacted]')
    .replace(/^(\/pay\/)[^/?#]+/i, '$1[redacted]')
    .replace(/([?&]rt=)[^&#]*/gi, '$1[redacted]');
}

/** A payment id as logs may show it: enough to correlate, not enough to open the page. */
export const shortId = (id: string): string => `${id.slice(0, 8)}…`;
