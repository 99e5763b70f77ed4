import { MSG, type Product } from '@wholesale/contract';
import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { useAddBasketLineMutation } from '../basket/basket-api';

/**
 * A row's quantity and its Add action (spec sections 4, 5 and 8): only quantities above 0 are
 * added; a quantity above stock adds with the back-order warning; success or failure, the
 * quantity goes back to 0.
 */
export function useAddToBasket(product: Product) {
  const [quantity, setQuantity] = useState(0);
  const [addBasketLine, { isLoading: adding }] = useAddBasketLineMutation();
  // Two Enters faster than a render must still add once.
  const inFlight = useRef(false);

  async function add() {
    if (quantity <= 0 || inFlight.current) return;
    inFlight.current = true;
    const item = product.itemNumber;
    try {
      await addBasketLine({ itemNumber: item, quantity }).unwrap();
      if (quantity > product.stock) toast.warning(MSG.addedToBasketLowStock(item));
      else toast.success(MSG.addedToBasket(item));
    } catch {
      toast.error(MSG.addToBasketFailed);
    } finally {
      inFlight.current = false;
      setQuantity(0);
    }
  }

  return { quantity, setQuantity, add, adding, canAdd: quantity > 0 && !adding };
}
