/**
 * Each screen's static shell: what index.html paints before the app's script has run, per path.
 * The build (web/vite.config.ts, `preloadFirstScreen`) writes `dist/screens/<path>.html` for each
 * entry here, index.html with this markup in its `#app-shell`, and the server sends that file for the
 * path (server/src/app.ts, the SPA fallback). The markup copies the app's own layout classes, so the
 * screen's heading (the largest text on these screens, Lighthouse's Largest Contentful Paint) is
 * painted by the first frame at the place and size where the app then renders it; the shell is
 * hidden as the app renders (index.css), which counts as no layout shift. e2e/tests/start-up.spec.ts
 * checks each heading's text and box against the app's at both widths, so the two cannot drift.
 *
 * Tailwind finds the classes here as it scans the sources, so this file holds them whole.
 */

/** The header's brand bar, as the app draws it (app/header.tsx, app/logo.tsx), with a placeholder for the right side. */
const brandBar = (right: string) =>
  `<div class="bg-brand-900 text-white shadow-sm">` +
  `<div class="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6 lg:px-8">` +
  `<div class="flex items-center gap-3">` +
  `<svg viewBox="0 0 40 40" class="size-9 shrink-0"><rect width="40" height="40" rx="8" fill="#145365" />` +
  `<rect x="8" y="10" width="24" height="4" rx="1" fill="#5eead4" /><rect x="10" y="17" width="20" height="4" rx="1" fill="#99f6e4" />` +
  `<rect x="12" y="24" width="16" height="4" rx="1" fill="#ccfbf1" /><rect x="19" y="6" width="2" height="4" fill="#ccfbf1" /></svg>` +
  `<span class="leading-tight"><span class="block text-lg font-bold tracking-tight whitespace-nowrap">Wholesale Portal</span>` +
  `<span class="hidden text-xs font-medium tracking-widest text-accent-300 uppercase sm:block">Trade ordering</span></span>` +
  `</div>${right}</div></div>`;

/** Signed in: the basket button's place on the right, and the main menu's bar from md up. */
const sessionHeader = brandBar(`<div class="size-10"></div>`) + `<div class="hidden h-11 bg-brand-800 md:block"></div>`;

/** Signed out: the external links' place (three lines on a phone, app/header.tsx `externalLinks`). */
const visitorHeader = brandBar(`<div class="min-h-15 sm:min-h-0"></div>`);

/** The layout's main area (app/layout.tsx). */
const main = (inner: string) =>
  `<div class="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8">${inner}</div>`;

/** A screen's heading, as components/page-heading.tsx draws it. */
const heading = (title: string) =>
  `<div class="mb-6 flex flex-wrap items-end justify-between gap-4 border-b border-slate-200 pb-4">` +
  `<div data-shell-heading class="text-2xl font-semibold tracking-tight text-brand-900 sm:text-3xl">${title}</div></div>`;

export interface ScreenShell {
  /** The tab title before the app sets it (lib/use-document-title.ts). */
  title: string;
  /** The markup painted in `#app-shell` in place of the plain header bar. */
  html: string;
}

const withHeading = (title: string): ScreenShell => ({
  title: `${title} | Wholesale Portal`,
  html: sessionHeader + main(heading(title)),
});

/** The login card's top, as features/auth/login-page.tsx draws it. */
const login: ScreenShell = {
  title: 'Wholesale Portal',
  html:
    visitorHeader +
    main(
      `<div class="flex justify-center py-6 sm:py-12">` +
        `<div class="w-full max-w-md overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">` +
        `<div class="bg-brand-800 px-8 py-6 text-white">` +
        `<div data-shell-heading class="text-2xl font-semibold tracking-tight">Wholesale Portal</div>` +
        `<p class="mt-1 text-sm text-brand-100">Log in with your trade account to order and manage your account.</p>` +
        `</div></div></div>`,
    ),
};

/**
 * The screens with a shell of their own, by path (as in app/router.tsx). Screens whose heading
 * depends on data or whose first view differs by account are left to the plain bar.
 */
export const screenShells: Record<string, ScreenShell> = {
  '/login': login,
  '/account': withHeading('My Account'),
  '/open-orders': withHeading('Open Orders'),
  '/change-password': withHeading('Change Password'),
  '/basket': withHeading('Shopping Basket'),
  '/checkout/deliveryinformation': withHeading('Delivery Information'),
  '/products/search': withHeading('Create Orders'),
};
