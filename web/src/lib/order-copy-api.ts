import { useNavigate } from './router';
import { toast } from 'react-toastify';
import {
  requestOf,
  routes,
  MSG,
  copyOrderResponse,
  type CopyOrderMode,
  type CopyOrderResponse,
} from '@wholesale/contract';
import { api } from './base-api';

/**
 * POST /order/{orderNumber}/copy, shared by Open Order Enquiry and View Transaction (spec
 * sections 2 and 4): the basket is cleared and refilled with the order's items (mode 'add': the
 * items are added to it); invalidates Basket.
 */
export const orderCopyApi = api.injectEndpoints({
  endpoints: (build) => ({
    copyOrder: build.mutation<CopyOrderResponse, { orderNumber: string; mode: CopyOrderMode }>({
      query: ({ orderNumber, mode }) => ({ ...requestOf(routes.copyOrder, { orderNumber }), params: { mode } }),
      responseSchema: copyOrderResponse,
      invalidatesTags: ['Basket'],
    }),
  }),
});

export const { useCopyOrderMutation } = orderCopyApi;

/**
 * Copy an order into a new basket with the spec's toasts, then go to /basket (spec section 4).
 * Resolves true when the copy succeeded.
 */
export function useCopyOrderToBasket() {
  const navigate = useNavigate();
  const [copyOrder, state] = useCopyOrderMutation();
  const copyToBasket = async (orderNumber: string, mode: CopyOrderMode = 'replace'): Promise<boolean> => {
    try {
      const result = await copyOrder({ orderNumber, mode }).unwrap();
      toast.success(MSG.orderCopied(result.orderNumber));
      if (result.skippedItems.length > 0) toast.warning(MSG.copySkipped(result.skippedItems));
      await navigate('/basket');
      return true;
    } catch {
      toast.error(MSG.copyOrderFailed);
      return false;
    }
  };
  return [copyToBasket, state] as const;
}
