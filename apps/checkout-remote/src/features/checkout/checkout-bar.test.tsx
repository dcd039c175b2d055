import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { buildTheme } from '@platform/ui';
import type { CheckoutStep } from '@platform/domain';
import { SETTINGS } from '../../test-support';
import { CheckoutBar } from './checkout-bar';

/** The page as a browser lays it out: the bar's place 300 px down the page, a 60 px header at the top when there is one. */
const BAR_TOP = 300;
function layOut() {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const top = this.tagName === 'HEADER' ? 0 : BAR_TOP - window.scrollY;
    const height = this.tagName === 'HEADER' ? 60 : 50;
    return { top, bottom: top + height, left: 0, right: 1200, width: 1200, height, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
  });
}
const scrollTo = (y: number) => {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  fireEvent.scroll(window);
};
const renderBar = (step: CheckoutStep) => render(<ThemeProvider theme={buildTheme(SETTINGS)}><CheckoutBar step={step} onStep={() => undefined} /></ThemeProvider>);
const bar = () => screen.getByRole('navigation', { name: 'Checkout steps' });

beforeEach(layOut);
afterEach(() => { vi.restoreAllMocks(); scrollTo(0); document.querySelectorAll('header').forEach((h) => h.remove()); });

describe('checkout bar: fixed on scroll (spec 2 "Checkout (/cart)")', () => {
  it('on the Cart step it is fixed once the page scrolls past it, and back in place above it', () => {
    renderBar(1);
    scrollTo(BAR_TOP - 10);
    expect(bar().classList.contains('fixed')).toBe(false);
    scrollTo(BAR_TOP + 1);
    expect(bar().classList.contains('fixed')).toBe(true);
    expect(bar().style.top).toBe('0px');
    scrollTo(0);
    expect(bar().classList.contains('fixed')).toBe(false);
  });

  it('past the Cart step the threshold is 51 px lower', () => {
    renderBar(2);
    scrollTo(BAR_TOP - 52);
    expect(bar().classList.contains('fixed')).toBe(false);
    scrollTo(BAR_TOP - 50);
    expect(bar().classList.contains('fixed')).toBe(true);
  });

  it("sits just under the store's sticky header, and is fixed when it reaches the header's bottom edge", () => {
    const header = document.createElement('header');
    header.style.position = 'sticky';
    document.body.prepend(header);
    renderBar(1);
    scrollTo(BAR_TOP - 61);
    expect(bar().classList.contains('fixed')).toBe(false);
    scrollTo(BAR_TOP - 59);
    expect(bar().classList.contains('fixed')).toBe(true);
    expect(bar().style.top).toBe('60px');
  });
});
