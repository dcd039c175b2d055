import { Link } from '@platform/routing';
import { storefrontApi } from '@platform/api-client';
import { AnnouncementLine } from '@platform/ui';

/** The home page's announcement line (GET home-banner): the store's text and optional link, in its colours; nothing when it has none. */
export function HomeBannerLine() {
  const { data: banner } = storefrontApi.useHomeBannerQuery();
  if (!banner) return null;
  const link = banner.link
    ? banner.link.startsWith('/') ? <Link to={banner.link}>{banner.link_text}</Link> : <a href={banner.link} rel="noopener noreferrer">{banner.link_text}</a>
    : null;
  return <AnnouncementLine aria-label="Announcement" $background={banner.background} $color={banner.color}>{banner.text}{link}</AnnouncementLine>;
}
