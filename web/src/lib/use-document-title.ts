import { useEffect } from 'react';

const APP_NAME = 'Wholesale Portal';

/** Sets the tab title to "<page> | Wholesale Portal" while the screen is shown. */
export function useDocumentTitle(page?: string): void {
  useEffect(() => {
    document.title = page && page !== APP_NAME ? `${page} | ${APP_NAME}` : APP_NAME;
  }, [page]);
}
