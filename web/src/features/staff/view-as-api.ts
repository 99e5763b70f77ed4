import { pathOf } from '@wholesale/contract';
import { staffViewAsRoutes, type StartViewAsRequest, type ViewAsSession } from '@wholesale/contract/staff';
import { VIEW_AS_CHANNEL } from '../../lib/view-as';
import { staffApi } from './staff-api';

const r = staffViewAsRoutes;

const viewAsApi = staffApi.injectEndpoints({
  endpoints: (build) => ({
    startViewAs: build.mutation<ViewAsSession, StartViewAsRequest>({
      query: (body) => ({ url: pathOf(r.startViewAs), method: r.startViewAs.method, body }),
      invalidatesTags: ['Audit'],
    }),
    endViewAs: build.mutation<{ ok: true }, string>({
      query: (id) => ({ url: pathOf(r.endViewAs, { id }), method: r.endViewAs.method }),
      invalidatesTags: ['Audit'],
    }),
  }),
});

export const { useStartViewAsMutation, useEndViewAsMutation } = viewAsApi;

/**
 * The back office ends a view-as session when its tab asks (lib/view-as.ts VIEW_AS_CHANNEL): the
 * view-as tab holds no staff sign-in. Answers the unsubscribe.
 */
export function endViewAsOnRequest(store: { dispatch: (action: unknown) => unknown; getState: () => unknown }) {
  if (typeof BroadcastChannel === 'undefined') return () => undefined;
  const channel = new BroadcastChannel(VIEW_AS_CHANNEL);
  channel.onmessage = (e: MessageEvent<{ type?: string; id?: string }>) => {
    const { type, id } = e.data;
    const signedIn = Boolean((store.getState() as { staffSession: { token: string | null } }).staffSession.token);
    if (type !== 'end' || !id || !signedIn) return;
    const ending = store.dispatch(viewAsApi.endpoints.endViewAs.initiate(id)) as { unwrap(): Promise<unknown> };
    // Ended now, or already over (404): either way the view-as tab may let it go.
    void ending.unwrap().then(
      () => channel.postMessage({ type: 'ended', id }),
      (error: { status?: unknown }) => {
        if (error.status === 404) channel.postMessage({ type: 'ended', id });
      },
    );
  };
  return () => channel.close();
}
