import { Link } from '../lib/router';
import { PageHeading } from '../components/page-heading';

export function NotFoundPage() {
  return (
    <div>
      <PageHeading title="Page not found" />
      <p className="text-slate-700">
        That page does not exist.{' '}
        <Link to="/" className="font-medium text-brand-700 underline">
          Go to the home page
        </Link>
      </p>
    </div>
  );
}
