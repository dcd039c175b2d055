import styled from 'styled-components';
import { Link } from '@platform/routing';
import { useSession } from '@platform/api-client';
import { screensOpenTo } from '@platform/domain';

const Edit = styled(Link)`
  display: inline-flex; align-items: center; gap: 4px; margin: 4px 0; padding: 2px 8px; font-size: 0.85rem; font-weight: 600;
  border: 1px dashed ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius}; color: ${(p) => p.theme.colors.primary}; text-decoration: none;
  svg { width: 14px; height: 14px; }
`;

/**
 * Spec 1 §4: an admin browsing the storefront sees editing icons on what the store sets up (home page sections,
 * brands). A pencil and 'Edit' leading to the back office screen that changes it, named for what it edits; only
 * for an admin whose permissions open that screen. Shoppers see nothing.
 */
export function AdminEditLink({ to, label }: { to: string; label: string }) {
  const user = useSession();
  if (!user?.is_admin || !screensOpenTo([{ to }], user.data.customer.permissions, user.data.customer.is_sub_account).length) return null;
  return (
    <Edit to={to} aria-label={label} data-testid="admin-edit">
      <svg viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path fill="currentColor" d="M11.7 1.3a1 1 0 0 1 1.4 0l1.6 1.6a1 1 0 0 1 0 1.4L5.4 13.6 2 14l.4-3.4 9.3-9.3z" /></svg>
      Edit
    </Edit>
  );
}
