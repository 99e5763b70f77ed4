import { NavLink } from '../lib/router';
import { signOut } from '../lib/base-api';
import { selectIsLoggedIn } from '../lib/session';
import { useGetSettingsQuery } from '../lib/settings-api';
import { useAppDispatch, useAppSelector } from '../lib/store-types';
import { companySitePath, useNavItems } from './nav-items';

const SOCIAL = [
  { label: 'LinkedIn', path: '/social/linkedin' },
  { label: 'Facebook', path: '/social/facebook' },
  { label: 'Instagram', path: '/social/instagram' },
] as const;

/** Our own simple certification marks (not the certifiers' artwork). */
function CertificationBadge({ code, title }: { code: string; title: string }) {
  return (
    <svg role="img" aria-label={`${code} ${title}`} viewBox="0 0 96 40" className="h-10 w-24">
      <rect x="1" y="1" width="94" height="38" rx="6" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <circle cx="18" cy="20" r="10" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M13 20.5l3.5 3.5 6.5-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <text x="34" y="18" fontSize="10" fontWeight="700" fill="currentColor">
        {code}
      </text>
      <text x="34" y="30" fontSize="8" fill="currentColor">
        {title}
      </text>
    </svg>
  );
}

const heading = 'text-sm font-semibold uppercase tracking-wider text-white';
const link = 'rounded text-sm text-brand-100 underline-offset-4 hover:text-white hover:underline';

export function Footer() {
  const { data: settings } = useGetSettingsQuery();
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const navItems = useNavItems();
  const dispatch = useAppDispatch();
  const year = new Date().getFullYear();

  return (
    <footer className="mt-12 bg-brand-950 text-brand-100">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <section aria-labelledby="footer-contact">
          <h2 id="footer-contact" className={heading}>
            Contact us
          </h2>
          {settings && (
            <div className="mt-3 space-y-3 text-sm">
              <address className="whitespace-pre-line not-italic">
                <span className="font-semibold text-white">{settings.companyName}</span>
                {'\n'}
                {settings.companyAddress}
              </address>
              <p>
                <span className="block font-medium text-white">General enquiries</span>
                {settings.generalEnquiries.includes('@') ? (
                  <a className={link} href={`mailto:${settings.generalEnquiries}`}>
                    {settings.generalEnquiries}
                  </a>
                ) : (
                  settings.generalEnquiries
                )}
              </p>
              <p>
                <span className="block font-medium text-white">Trade support</span>
                <a className={link} href={`mailto:${settings.supportEmail}`}>
                  {settings.supportEmail}
                </a>
              </p>
            </div>
          )}
        </section>

        <section aria-labelledby="footer-links">
          <h2 id="footer-links" className={heading}>
            Your account
          </h2>
          {loggedIn ? (
            <nav aria-label="Footer">
              <ul className="mt-3 space-y-2">
                {navItems.map((item) => (
                  <li key={item.to}>
                    <NavLink to={item.to} end className={link}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
                <li>
                  <button type="button" className={link} onClick={() => dispatch(signOut())}>
                    Log Out
                  </button>
                </li>
              </ul>
            </nav>
          ) : (
            <p className="mt-3 text-sm">
              <NavLink to="/login" className={link}>
                Log in to the Wholesale Portal
              </NavLink>
            </p>
          )}
        </section>

        <section aria-labelledby="footer-social">
          <h2 id="footer-social" className={heading}>
            Follow us
          </h2>
          {settings && (
            <ul className="mt-3 space-y-2">
              {SOCIAL.map((s) => (
                <li key={s.label}>
                  <a
                    className={link}
                    href={companySitePath(settings.companySiteUrl, s.path)}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {s.label}
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section aria-labelledby="footer-group">
          <h2 id="footer-group" className={heading}>
            Accreditations
          </h2>
          <div className="mt-3 flex flex-wrap gap-3 text-brand-100">
            <CertificationBadge code="ISO 9001" title="Quality" />
            <CertificationBadge code="ISO 14001" title="Environment" />
          </div>
          {settings && (
            <p className="mt-4 text-sm">
              <a className={link} href={settings.parentGroupUrl} target="_blank" rel="noopener noreferrer">
                Part of our parent group
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </p>
          )}
        </section>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-4 text-xs text-brand-200 sm:px-6 lg:px-8">
          © {year} {settings?.companyName ?? 'Wholesale Portal'}. Trade customers only.
        </p>
      </div>
    </footer>
  );
}
