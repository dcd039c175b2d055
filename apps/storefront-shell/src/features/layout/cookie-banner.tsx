import { useState } from 'react';
import { Link } from '@platform/routing';
import styled from 'styled-components';
import { Button, Container } from '@platform/ui';

/** Spec 1 §9: the poweredby cookie lasts 180 days; local storage keeps the same expiry where cookies are refused. */
const COOKIE = 'poweredby';
const HIDE_KEY = 'cookieBannerHide';
const LIFETIME_S = 180 * 24 * 3600;

const Bar = styled.div`
  position: fixed; left: 0; right: 0; bottom: 0; z-index: 90; background: ${(p) => p.theme.colors.surface};
  border-top: 1px solid ${(p) => p.theme.colors.border}; box-shadow: 0 -2px 8px rgba(0,0,0,.08); padding: 12px 0;
  .inner { display: flex; gap: 12px 20px; align-items: center; flex-wrap: wrap; }
  p { margin: 0; flex: 1 1 320px; }
`;

function dismissed(): boolean {
  if (document.cookie.split('; ').some((c) => c.startsWith(`${COOKIE}=`))) return true;
  const until = Number(localStorage.getItem(HIDE_KEY) ?? 0);
  return until > Date.now();
}

/** The cookie notice: shown until accepted or closed, then not again for 180 days. */
export function CookieBanner() {
  const [hidden, setHidden] = useState(dismissed);
  if (hidden) return null;
  const hide = () => {
    document.cookie = `${COOKIE}=1; max-age=${LIFETIME_S}; path=/; samesite=lax`;
    localStorage.setItem(HIDE_KEY, String(Date.now() + LIFETIME_S * 1000));
    setHidden(true);
  };
  return (
    <Bar role="region" aria-label="Cookie notice">
      <Container className="inner">
        <p>We use cookies to keep your cart and your store, and to see how the store is used. <Link to="/privacy-policy">Privacy Policy</Link></p>
        <Button type="button" onClick={hide}>Accept</Button>
        <Button type="button" $variant="link" aria-label="Close the cookie notice" onClick={hide}>Close</Button>
      </Container>
    </Bar>
  );
}
