import { SHELL_MSG } from '@wholesale/contract';

/** Fallback when rendering fails (spec section 2): the exact text 'Something went wrong!'. */
export function RenderFailure() {
  return (
    <div
      role="alert"
      className="mx-auto my-16 max-w-lg rounded-xl border border-red-200 bg-white p-8 text-center shadow-sm"
    >
      <p className="text-xl font-semibold text-red-800">{SHELL_MSG.renderFailure}</p>
      <p className="mt-2 text-sm text-slate-600">
        <a href="/" className="font-medium text-brand-700 underline">
          Return to the home page
        </a>
      </p>
    </div>
  );
}
