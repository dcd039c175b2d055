import { Fragment, useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Link } from '@platform/routing';
import styled from 'styled-components';
import type { CarouselSlide, HomepageWidget } from '@platform/contracts';
import { productRowRequest } from '@platform/domain';
import { storefrontApi, type DepartmentNode, type PlatformStore } from '@platform/api-client';
import { AdminEditLink } from '../../components/admin-edit-link';
import { ProductSwiper } from '../../components/product-bits';
import { Testimonials } from './testimonials';

const Frame = styled.section`
  position: relative; overflow: hidden; margin: 0 0 24px; border-radius: ${(p) => p.theme.radius};
  .track { display: flex; transition: transform 0.4s ease; }
  @media (prefers-reduced-motion: reduce) { .track { transition: none; } }
  .slide { flex: 0 0 100%; }
  img { display: block; width: 100%; height: auto; }
  .arrow { position: absolute; top: 50%; transform: translateY(-50%); width: 44px; height: 44px; border-radius: 50%; border: none; background: rgba(255,255,255,.85); font-size: 1.5rem; cursor: pointer; }
  .arrow:disabled { opacity: .4; cursor: default; }
  .prev { left: 12px; } .next { right: 12px; }
  .dots { position: absolute; bottom: 10px; width: 100%; display: flex; justify-content: center; gap: 8px; }
  .dots button { width: 12px; height: 12px; border-radius: 50%; border: 2px solid #fff; background: transparent; cursor: pointer; padding: 0; }
  .dots button[aria-current='true'] { background: #fff; }
`;

function SlideImage({ slide }: { slide: CarouselSlide }) {
  return (
    <picture>
      {slide.imageMobile ? <source media="(max-width: 768px)" srcSet={slide.imageMobile} width={slide.widthMobile ?? undefined} height={slide.heightMobile ?? undefined} /> : null}
      <img src={slide.image} alt={slide.alt} width={slide.width ?? undefined} height={slide.height ?? undefined} />
    </picture>
  );
}

function SlideLink({ slide, hidden }: { slide: CarouselSlide; hidden: boolean }) {
  const image = <SlideImage slide={slide} />;
  const tab = hidden ? -1 : undefined;
  if (!slide.redirect_url) return image;
  return /^https?:\/\//.test(slide.redirect_url) ? <a href={slide.redirect_url} tabIndex={tab}>{image}</a> : <Link to={slide.redirect_url} tabIndex={tab}>{image}</Link>;
}

/** Image carousel (widget type "4"): one slide per view; it loops when the widget says so. */
export function Carousel({ widget }: { widget: HomepageWidget }) {
  const slides = widget.value.slides ?? [];
  const [index, setIndex] = useState(0);
  const last = slides.length - 1;
  const go = (to: number) => setIndex(widget.loop ? (to + slides.length) % slides.length : Math.min(last, Math.max(0, to)));
  const label = widget.value.title || widget.name;
  return (
    <Frame aria-roledescription="carousel" aria-label={label} data-testid="carousel">
      <div className="track" style={{ transform: `translateX(-${index * 100}%)` }}>
        {slides.map((slide, i) => (
          <div className="slide" key={`${slide.image}-${i}`} role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${slides.length}`} aria-hidden={i !== index}>
            <SlideLink slide={slide} hidden={i !== index} />
          </div>
        ))}
      </div>
      {slides.length > 1 ? (
        <>
          <button type="button" className="arrow prev" aria-label="Previous slide" disabled={!widget.loop && index === 0} onClick={() => go(index - 1)}>‹</button>
          <button type="button" className="arrow next" aria-label="Next slide" disabled={!widget.loop && index === last} onClick={() => go(index + 1)}>›</button>
          <div className="dots">
            {slides.map((_, i) => <button type="button" key={i} aria-label={`Go to slide ${i + 1}`} aria-current={i === index} onClick={() => setIndex(i)} />)}
          </div>
        </>
      ) : null}
    </Frame>
  );
}

const Html = styled.section`margin: 24px 0; img { max-width: 100%; height: auto; }`;

/** A product row widget (type "2"): its SKUs, or a department's or brand's newest products. */
function ProductRow({ widget, priority }: { widget: HomepageWidget; priority: boolean }) {
  const { data: products = [] } = storefrontApi.useWidgetProductsQuery(productRowRequest(widget));
  return <ProductSwiper title={widget.value.title || widget.name} products={products} testId={`widget-${widget.id}`} priority={priority} />;
}

/**
 * True once an area's sections and their product rows have answered (either way), so the page can show
 * them at once instead of letting each late row push what is already on screen down. Read from the cache, so
 * rows already there (the home page's first screen comes with the page) count from the first render.
 */
export function useHomepageAreaSettled(area: 1 | 2): boolean {
  const dispatch = useDispatch<PlatformStore['dispatch']>();
  const { data: widgets, isError } = storefrontApi.useHomepageWidgetsQuery(area);
  const rowsAnswered = useSelector((state: ReturnType<PlatformStore['getState']>) => widgets !== undefined && widgets
    .filter((w) => w.type === '2')
    .every((w) => {
      const row = storefrontApi.endpoints.widgetProducts.select(productRowRequest(w))(state);
      return row.data !== undefined || row.isError;
    }));
  useEffect(() => {
    if (!widgets) return undefined;
    const rows = widgets.filter((w) => w.type === '2').map((w) => dispatch(storefrontApi.endpoints.widgetProducts.initiate(productRowRequest(w))));
    return () => rows.forEach((row) => row.unsubscribe());
  }, [widgets, dispatch]);
  return isError || rowsAnswered;
}

/** The store's home page sections of one area, in order (the server leaves out hidden ones and other locations'). */
export function HomepageWidgets({ area }: { area: 1 | 2 }) {
  const { data: widgets = [] } = storefrontApi.useHomepageWidgetsQuery(area);
  return (
    <>
      {widgets.map((widget) => (
        <Fragment key={widget.id}>
          <AdminEditLink to="/admin/settings/widgets" label={`Edit section ${widget.value.title || widget.name}`} />
          {widget.type === '4' ? <Carousel widget={widget} />
            // The body was sanitized by the server (tags and attributes on an allow-list).
            : widget.type === '1' ? <Html aria-label={widget.value.title || widget.name} dangerouslySetInnerHTML={{ __html: widget.value.body ?? '' }} />
              : widget.type === '5' ? <Testimonials widget={widget} />
                : <ProductRow widget={widget} priority={area === 1} />}
        </Fragment>
      ))}
    </>
  );
}

const Tiles = styled.ul`
  display: grid; grid-auto-flow: column; grid-auto-columns: minmax(150px, 180px); gap: 12px; overflow-x: auto; scroll-snap-type: x mandatory; padding: 0 0 8px; margin: 0;
  li { list-style: none; scroll-snap-align: start; }
  a { display: grid; gap: 8px; justify-items: center; text-align: center; font-weight: 600; text-decoration: none; color: inherit; padding: 12px; border: 1px solid ${(p) => p.theme.colors.border}; border-radius: ${(p) => p.theme.radius}; background: ${(p) => p.theme.colors.surface}; }
  img, .initial { width: 96px; height: 96px; object-fit: contain; border-radius: 50%; }
  .initial { display: grid; place-items: center; font-size: 2rem; background: ${(p) => p.theme.colors.primary}; color: ${(p) => p.theme.colors.onPrimary}; }
`;

/** Highlighted departments slider: the departments the store marked, at any level of the tree. */
export function HighlightedDepartments({ tree }: { tree: DepartmentNode[] }) {
  const flat = (nodes: DepartmentNode[]): DepartmentNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])]);
  const highlighted = flat(tree).filter((d) => d.highlighted);
  if (!highlighted.length) return null;
  return (
    <section aria-labelledby="highlighted-departments-heading" style={{ margin: '32px 0' }}>
      <h2 id="highlighted-departments-heading">Shop Popular Departments</h2>
      <Tiles>
        {highlighted.map((d) => (
          <li key={d.dept_id}>
            <Link to={`/d/${d.slug}`}>
              {d.image_url ? <img src={d.image_url} alt="" /> : <span className="initial" aria-hidden="true">{d.name.slice(0, 1)}</span>}
              {d.name}
            </Link>
          </li>
        ))}
      </Tiles>
    </section>
  );
}
