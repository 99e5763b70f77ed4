/**
 * The texts the web's start-up code shows (the layout, the router, the connection notice, the
 * header's basket link), in a module of their own so the initial JavaScript carries only these and
 * not every message: MSG (messages.ts) spreads them, so `MSG.x` names each of them as well.
 */
export const SHELL_MSG = {
  renderFailure: 'Something went wrong!',
  /** Our wording: no answer from the server (offline, a weak signal); what is shown stays. */
  connectionDropped:
    'The connection dropped. What is on screen stays, and the portal tries again when the connection is back.',
  connectionBack: 'The connection is back.',
  /** Our wording: a screen whose code could not be fetched, in place of renderFailure. */
  screenWaitingTitle: 'Waiting for the connection',
  screenWaiting:
    'This page could not be opened because the connection dropped. It opens as soon as the connection is back.',
  tryAgain: 'Try again',
  /** Our wording: the basket link's name, the spec's label and the number of lines when there are any. */
  basketLinkName: (lines: number) =>
    lines > 0 ? `My Basket, ${lines} ${lines === 1 ? 'line' : 'lines'}` : 'My Basket',
};
