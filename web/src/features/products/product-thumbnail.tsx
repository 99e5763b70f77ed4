import type { Product } from '@wholesale/contract';
import { useGetProductImageQuery } from './products-api';

function Placeholder() {
  return (
    <svg
      viewBox="0 0 48 48"
      className="size-full text-slate-300"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <rect x="6" y="9" width="36" height="30" rx="3" />
      <circle cx="17" cy="19" r="4" />
      <path d="m8 36 11-11 8 8 5-5 9 9" />
    </svg>
  );
}

/**
 * The row's thumbnail (image type 0), loaded once when the row is shown; a failed load shows a
 * placeholder without a message (spec sections 4 and 8). A click opens the large image.
 */
export function ProductThumbnail({
  product,
  onOpen,
  size = 'size-14',
}: {
  product: Product;
  onOpen: () => void;
  size?: string;
}) {
  const { data: url } = useGetProductImageQuery({ itemNumber: product.itemNumber, imageType: 0 });
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={`View image of ${product.itemNumber}`}
      className={`${size} shrink-0 overflow-hidden rounded-md border border-slate-200 bg-white p-0.5 hover:border-brand-400`}
    >
      {url ? <img src={url} alt="" className="size-full object-contain" /> : <Placeholder />}
    </button>
  );
}
