import { TOAST_AUTO_CLOSE_MS, TOAST_LIMIT } from '@wholesale/contract';
import { ToastContainer } from 'react-toastify';

/** The one toast container (spec section 2): bottom-right, at most 2, no progress bar, click to close, coloured, 5 s. */
export function Toasts() {
  return (
    <ToastContainer
      position="bottom-right"
      limit={TOAST_LIMIT}
      hideProgressBar
      closeOnClick
      theme="colored"
      autoClose={TOAST_AUTO_CLOSE_MS}
    />
  );
}
