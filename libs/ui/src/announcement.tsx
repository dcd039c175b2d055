import styled from 'styled-components';
import { resolveColor } from '@platform/domain';

/**
 * The home page's announcement line (GET home-banner) in the store's colours: hex, or a theme colour's name
 * (spec 1 §5). The storefront shows it; the back office previews it with the same look.
 */
export const AnnouncementLine = styled.section<{ $background: string; $color: string }>`
  background: ${(p) => resolveColor(p.$background, p.theme.colors, p.theme.colors.primary)};
  color: ${(p) => resolveColor(p.$color, p.theme.colors, '#ffffff')};
  text-align: center; padding: 10px 16px; font-weight: 600;
  a { color: inherit; margin-left: 8px; text-decoration: underline; }
`;
