import { Link } from '@platform/routing';
import styled from 'styled-components';
import type { BusinessDetails, StoreLocation } from '@platform/contracts';
import { storefrontApi } from '@platform/api-client';
import { Container } from '@platform/ui';
import { isBrandsIndexLink } from '@platform/domain';
import { OpeningHours, PhoneLink } from '../../components/store-location-bits';
import { NewsletterSignUp } from './newsletter-signup';

/** Where each legal document lives in the storefront (spec 1 §2); documents without a route are not linked. */
export const LEGAL_PATHS: Record<string, string> = { policy: '/privacy-policy', policy_california: '/policy_california', terms: '/terms' };

const Bar = styled.footer<{ $background: string | null }>`
  margin-top: 48px; padding: 32px 0 20px; color: ${(p) => p.theme.colors.footerText};
  background: ${(p) => p.$background ?? p.theme.colors.footerBackground};
  a { color: inherit; }
  h2 { margin: 0 0 10px; }
  h3 { margin: 0 0 8px; font-size: 1rem; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 4px; }
  .grid { display: grid; gap: 24px; grid-template-columns: repeat(12, minmax(0, 1fr)); }
  .hours { font-size: 0.9rem; }
  .bottom { display: flex; flex-wrap: wrap; gap: 8px 20px; align-items: center; margin-top: 24px; padding-top: 16px; border-top: 1px solid rgba(255,255,255,.2); font-size: 0.9rem; }
  .newsletter { margin-top: 24px; }
  .ssl { border: 1px solid currentColor; border-radius: 4px; padding: 2px 8px; font-size: 0.8rem; }
  @media (max-width: ${(p) => p.theme.breakpoints.md}px) { .grid > * { grid-column: span 12 !important; } }
`;

const SOCIAL: { key: keyof BusinessDetails; label: string }[] = [
  { key: 'facebook_link', label: 'Facebook' }, { key: 'twitter_link', label: 'X (Twitter)' }, { key: 'instagram_link', label: 'Instagram' },
  { key: 'pinterest_link', label: 'Pinterest' }, { key: 'youtube_link', label: 'YouTube' }, { key: 'linkedin_link', label: 'LinkedIn' }, { key: 'tiktok_link', label: 'TikTok' },
];

/** A link from store settings: inside the store as a router link, elsewhere as a plain link. */
function StoreLink({ to, children }: { to: string; children: string }) {
  return to.startsWith('/') ? <Link to={to}>{children}</Link> : <a href={to} rel="noopener noreferrer" target="_blank">{children}</a>;
}

function LocationBlock({ location }: { location: StoreLocation }) {
  return (
    <div>
      <strong>{location.name}</strong>
      <div>{location.address}, {location.city}, {location.state} {location.zip}</div>
      {location.phone ? <div><PhoneLink phone={location.phone} /></div> : null}
      <OpeningHours className="hours" hours={location.hours} />
    </div>
  );
}

/**
 * The store's footer (spec 1 §9): its columns at 12/count of the width, its links and social pages, then the
 * static part (locations with merged hours under 'Our Locations' or 'Store Information', legal documents)
 * unless hideStaticFooter. A part whose data did not load is simply left out.
 */
export function Footer() {
  const { data: footer } = storefrontApi.useFooterQuery();
  const { data: settings } = storefrontApi.useSettingsQuery();
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const { data: legal } = storefrontApi.useLegalDocumentsQuery();
  const locations = business?.about_us.locations ?? [];
  // Links to the Brands list are left out while the store hides it (Brand Settings › Storefront); a column left empty goes.
  const brandsLink = (to: string | null | undefined) => Boolean(settings?.hideBrandsNav && to && isBrandsIndexLink(to));
  const columns = (footer?.columns ?? []).map((c) => ({ ...c, links: c.links.filter((l) => !brandsLink(l.link)) })).filter((c) => c.links.length);
  const staticPart = !footer?.hideStaticFooter;
  const blocks = columns.length + (staticPart && locations.length ? 1 : 0);
  const span = blocks ? Math.max(3, Math.floor(12 / blocks)) : 12;
  const social = business ? SOCIAL.filter((s) => business[s.key]) : [];
  return (
    <Bar $background={footer?.background ?? null} aria-label="Footer">
      <Container>
        {footer?.title ? <h2 style={{ fontSize: footer.titleSize }}>{footer.title}</h2> : null}
        <div className="grid">
          {columns.map((column) => (
            <section key={column.title} style={{ gridColumn: `span ${span}` }} aria-label={column.title}>
              <h3>{column.title}</h3>
              <ul>{column.links.map((l) => <li key={l.label}>{l.link ? <StoreLink to={l.link}>{l.label}</StoreLink> : <span title={l.text}>{l.label}: {l.text}</span>}</li>)}</ul>
            </section>
          ))}
          {staticPart && locations.length ? (
            <section style={{ gridColumn: `span ${span}` }} aria-label="Store locations">
              <h3><Link to="/store-info">{locations.length > 1 ? 'Our Locations' : 'Store Information'}</Link></h3>
              <div style={{ display: 'grid', gap: 12 }}>{locations.map((l) => <LocationBlock key={l.id} location={l} />)}</div>
            </section>
          ) : null}
        </div>
        <div className="newsletter"><NewsletterSignUp storeName={settings?.businessName ?? ''} /></div>
        <div className="bottom">
          {footer?.showLogo && footer.logo ? <img src={footer.logo} alt={settings?.businessName ?? ''} style={{ maxWidth: footer.logoMaxWidth, maxHeight: footer.logoMaxHeight }} /> : null}
          {!footer?.hideBusinessName ? <span>© {new Date().getFullYear()} {settings?.businessName}</span> : null}
          {(footer?.links ?? []).filter((l) => !brandsLink(l.link)).map((l) => <StoreLink key={l.name} to={l.link}>{l.name}</StoreLink>)}
          {staticPart ? (legal ?? []).filter((d) => LEGAL_PATHS[d.type]).map((d) => <Link key={d.type} to={LEGAL_PATHS[d.type]}>{d.display_name}</Link>) : null}
          {social.map((s) => <a key={s.key} href={String(business![s.key])} rel="noopener noreferrer" target="_blank">{s.label}</a>)}
          {footer?.showSslLogo ? <span className="ssl" title="Pages are served over an encrypted connection">Secure SSL</span> : null}
        </div>
      </Container>
    </Bar>
  );
}
