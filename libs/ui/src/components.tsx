import styled, { createGlobalStyle, keyframes } from 'styled-components';
import type { ReactNode } from 'react';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; font-family: ${(p) => p.theme.font}; color: ${(p) => p.theme.colors.text}; background: ${(p) => p.theme.colors.page}; }
  a { color: ${(p) => p.theme.colors.link}; }
  :focus-visible { outline: 3px solid ${(p) => p.theme.colors.secondary}; outline-offset: 2px; }
`;

export const Container = styled.div`
  max-width: 1200px;
  margin: 0 auto;
  padding: 0 16px;
`;

export const PageTitle = styled.h1`
  font-size: 1.6rem;
  margin: 24px 0 16px;
`;

export const Button = styled.button<{ $variant?: 'primary' | 'secondary' | 'link' }>`
  font: inherit;
  cursor: pointer;
  border-radius: ${(p) => p.theme.radius};
  padding: 10px 18px;
  border: 1px solid ${(p) => (p.$variant === 'secondary' ? p.theme.colors.border : p.theme.colors.primary)};
  background: ${(p) => (p.$variant === 'secondary' || p.$variant === 'link' ? 'transparent' : p.theme.colors.primary)};
  color: ${(p) => (p.$variant === 'secondary' || p.$variant === 'link' ? p.theme.colors.text : p.theme.colors.onPrimary)};
  &:disabled { opacity: 0.55; cursor: not-allowed; }
`;

export const Card = styled.div`
  background: ${(p) => p.theme.colors.surface};
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius};
  padding: 16px;
`;

const spin = keyframes`to { transform: rotate(360deg); }`;
const SpinnerRing = styled.span`
  display: inline-block; width: 28px; height: 28px; border-radius: 50%;
  border: 3px solid ${(p) => p.theme.colors.border}; border-top-color: ${(p) => p.theme.colors.primary};
  animation: ${spin} 0.8s linear infinite;
`;

/** A loading state with words for screen readers. */
export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" style={{ display: 'flex', gap: 12, alignItems: 'center', padding: '32px 0' }}>
      <SpinnerRing aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

const Notice = styled.div<{ $kind: 'error' | 'empty' }>`
  padding: 24px;
  margin: 16px 0;
  border-radius: ${(p) => p.theme.radius};
  background: ${(p) => (p.$kind === 'error' ? '#fdecea' : p.theme.colors.surface)};
  border: 1px solid ${(p) => (p.$kind === 'error' ? p.theme.colors.danger : p.theme.colors.border)};
  color: ${(p) => (p.$kind === 'error' ? p.theme.colors.danger : p.theme.colors.text)};
`;

export function ErrorNotice({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return <Notice $kind="error" role="alert">{children}{action ? <div style={{ marginTop: 12 }}>{action}</div> : null}</Notice>;
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return <Notice $kind="empty"><strong>{title}</strong>{children ? <div style={{ marginTop: 8 }}>{children}</div> : null}</Notice>;
}

const ToastList = styled.div`
  position: fixed; right: 16px; bottom: 16px; z-index: 1000; display: grid; gap: 8px;
`;
const ToastItem = styled.div<{ $kind: string }>`
  padding: 12px 16px; border-radius: ${(p) => p.theme.radius}; color: #fff; min-width: 240px;
  background: ${(p) => (p.$kind === 'error' ? p.theme.colors.danger : p.$kind === 'success' ? p.theme.colors.success : '#333')};
`;

export function Toasts({ toasts }: { toasts: { id: number; kind: string; text: string }[] }) {
  return (
    <ToastList aria-live="polite">
      {toasts.map((t) => <ToastItem key={t.id} $kind={t.kind} role={t.kind === 'error' ? 'alert' : 'status'}>{t.text}</ToastItem>)}
    </ToastList>
  );
}

export const Field = styled.label`
  display: grid; gap: 6px; margin-bottom: 14px; font-weight: 600;
  input:not([type='checkbox']):not([type='radio']), select, textarea {
    font: inherit; font-weight: 400; padding: 10px 12px; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius};
    background: ${(p) => p.theme.colors.surface}; color: inherit;
  }
`;

/** A link's sign-in in progress (one-time link, access-token link), or why it failed with a way on. */
export function SigningIn({ error, action }: { error: string | null; action: ReactNode }) {
  return (
    <Container style={{ maxWidth: 460 }}>
      <PageTitle>Signing you in</PageTitle>
      {error ? <Card><ErrorNotice>{error}</ErrorNotice><p>{action}</p></Card> : <Loading label="Signing you in…" />}
    </Container>
  );
}

/** A list of rows (an item's name and details, then its actions), as admin lists show them. */
export const RowList = styled.ul`
  list-style: none; margin: 0; padding: 0;
  & > li { display: flex; flex-wrap: wrap; gap: 8px 16px; align-items: center; padding: 10px 0; border-top: 1px solid ${(p) => p.theme.colors.border}; }
  & > li:first-child { border-top: 0; }
  .main { flex: 1 1 240px; }
  .meta { display: block; color: ${(p) => p.theme.colors.muted}; }
`;

/** After a refused save, the keyboard goes to the first field marked invalid (once the marks are rendered). */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
