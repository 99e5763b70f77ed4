import { useEffect, useState, type ComponentProps } from 'react';
import { importWhenConnected } from '../../lib/connection';
import type { ProductModals } from './product-modals';

type Props = ComponentProps<typeof ProductModals>;

/**
 * The product modals (multi-buy, delivery schedule, image), loaded when the first one opens: the
 * dialog library is not needed to show the list, so it stays out of the screen's start-up.
 */
export function LazyProductModals(props: Props) {
  const [Modals, setModals] = useState<typeof ProductModals | null>(null);
  const wanted = props.modal !== null;
  useEffect(() => {
    if (!wanted || Modals) return;
    let live = true;
    // Offline, the dialog opens once the connection is back (lib/connection).
    void importWhenConnected(() => import('./product-modals')).then((m) => live && setModals(() => m.ProductModals));
    return () => {
      live = false;
    };
  }, [wanted, Modals]);
  return Modals ? <Modals {...props} /> : null;
}
