import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { canGoToStep, checkoutBarFixed, CHECKOUT_STEPS, type CheckoutStep } from '@platform/domain';

/** Holds the bar's place in the page while it is fixed, so the content below does not jump up. */
const Place = styled.div`margin: 0 0 16px;`;
const Bar = styled.nav`
  z-index: 5; background: ${(p) => p.theme.colors.surface}; border-bottom: 1px solid ${(p) => p.theme.colors.border};
  padding: 8px 0;
  &.fixed { position: fixed; left: 0; right: 0; padding: 8px 16px; box-shadow: 0 4px 12px rgba(0, 0, 0, 0.12); }
  ol { display: flex; gap: 4px; list-style: none; margin: 0; padding: 0; counter-reset: step; }
  li { flex: 1; }
  button { width: 100%; font: inherit; padding: 8px 4px; border: 0; border-bottom: 3px solid ${(p) => p.theme.colors.border}; background: none; color: inherit; cursor: pointer; }
  button:disabled { cursor: default; color: ${(p) => p.theme.colors.muted}; }
  button[aria-current='step'] { border-color: ${(p) => p.theme.colors.primary}; font-weight: 700; color: inherit; }
  button.done { border-color: ${(p) => p.theme.colors.secondary}; }
  .check { margin-right: 4px; }
`;

/** The bottom edge of the store's header while it sticks to the top of the window (desktop), else 0. */
function stickyHeaderBottom(): number {
  const header = document.querySelector('header');
  if (!header || !['sticky', 'fixed'].includes(getComputedStyle(header).position)) return 0;
  return Math.max(0, header.getBoundingClientRect().bottom);
}

/**
 * Spec 2: the bar becomes fixed on scroll once the page passes it (checkoutBarFixed: 51 px sooner past the
 * Cart step), just under the store's sticky header where there is one.
 */
function useFixedOnScroll(step: CheckoutStep) {
  const place = useRef<HTMLDivElement>(null);
  const [fixedAt, setFixedAt] = useState<number | null>(null);
  useEffect(() => {
    const update = () => {
      const element = place.current;
      if (!element) return;
      const headerBottom = stickyHeaderBottom();
      const barTop = element.getBoundingClientRect().top + window.scrollY - headerBottom;
      setFixedAt(checkoutBarFixed(window.scrollY, barTop, step) ? headerBottom : null);
    };
    update();
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => { window.removeEventListener('scroll', update); window.removeEventListener('resize', update); };
  }, [step]);
  return { place, fixedAt };
}

/**
 * The checkout bar (spec 2 "Checkout"): Cart, Information, Payment, Done. Earlier steps show as completed; a
 * step can be clicked when canGoToStep allows (back, or to Cart and Information); it is fixed to the top on scroll.
 */
export function CheckoutBar({ step, onStep }: { step: CheckoutStep; onStep: (step: CheckoutStep) => void }) {
  const { place, fixedAt } = useFixedOnScroll(step);
  const barHeight = useRef(0);
  return (
    <Place ref={place} style={fixedAt !== null ? { minHeight: barHeight.current } : undefined}>
      <Bar aria-label="Checkout steps" className={fixedAt !== null ? 'fixed' : undefined} style={fixedAt !== null ? { top: `${fixedAt}px` } : undefined}
        ref={(bar) => { if (bar && fixedAt === null) barHeight.current = bar.offsetHeight; }}>
        <ol>
          {CHECKOUT_STEPS.map((label, i) => {
            const target = (i + 1) as CheckoutStep;
            const done = target < step;
            return (
              <li key={label}>
                <button type="button" className={done ? 'done' : undefined} aria-current={target === step ? 'step' : undefined}
                  disabled={target === step || !canGoToStep(target, step)} onClick={() => onStep(target)}>
                  {done ? <span className="check" aria-label="completed">✓</span> : null}{target}. {label}
                </button>
              </li>
            );
          })}
        </ol>
      </Bar>
    </Place>
  );
}
