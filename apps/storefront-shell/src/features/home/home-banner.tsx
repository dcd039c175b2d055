import styled from 'styled-components';
import { Link } from '@platform/routing';
import { storefrontApi } from '@platform/api-client';
import { resolveColor } from '@platform/domain';

// Colours as the store gave them: hex, or a theme colour's name (spec 1 §5).
const Line = styled.section<{ $background: string; $color: string }>`
  background: ${(p) => resolveColor(p.$background, p.theme.colors, p.theme.colors.primary)};
  color: ${(p) => resolveColor(p.$color, p.theme.colors, '#ffffff')};
  text-align: center; padding: 10px 16px; font-weight: 600;
  a { color: inherit; margin-left: 8px; text-decoration: underline; }
`;

/** The home page's announcement line (GET home-banner): the store's text and optional link, in its colours; nothing when it has none. */
export function HomeBannerLine() {
  const { data: banner } = storefrontApi.useHomeBannerQuery();
  if (!banner) return null;
  const link = banner.link
    ? banner.link.startsWith('/') ? <Link to={banner.link}>{banner.link_text}</Link> : <a href={banner.link} rel="noopener noreferrer">{banner.link_text}</a>
    : null;
  return <Line aria-label="Announcement" $background={banner.background} $color={banner.color}>{banner.text}{link}</Line>;
}
