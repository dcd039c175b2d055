import styled from 'styled-components';
import { canGoToStep, CHECKOUT_STEPS, type CheckoutStep } from '@platform/domain';

const Bar = styled.nav`
  position: sticky; top: 0; z-index: 5; background: ${(p) => p.theme.colors.surface}; border-bottom: 1px solid ${(p) => p.theme.colors.border};
  margin: 0 0 16px; padding: 8px 0;
  ol { display: flex; gap: 4px; list-style: none; margin: 0; padding: 0; counter-reset: step; }
  li { flex: 1; }
  button { width: 100%; font: inherit; padding: 8px 4px; border: 0; border-bottom: 3px solid ${(p) => p.theme.colors.border}; background: none; color: inherit; cursor: pointer; }
  button:disabled { cursor: default; color: ${(p) => p.theme.colors.muted}; }
  button[aria-current='step'] { border-color: ${(p) => p.theme.colors.primary}; font-weight: 700; color: inherit; }
  button.done { border-color: ${(p) => p.theme.colors.secondary}; }
  .check { margin-right: 4px; }
`;

/**
 * The checkout bar (spec 2 "Checkout"): Cart, Information, Payment, Done. Earlier steps show as completed; a
 * step can be clicked when canGoToStep allows (back, or to Cart and Information); it stays at the top on scroll.
 */
export function CheckoutBar({ step, onStep }: { step: CheckoutStep; onStep: (step: CheckoutStep) => void }) {
  return (
    <Bar aria-label="Checkout steps">
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
  );
}
