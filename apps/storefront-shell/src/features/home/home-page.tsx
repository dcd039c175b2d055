import { memo, useDeferredValue } from 'react';
import { Link } from '@platform/routing';
import { departmentTreeDepth } from '@platform/domain';
import styled from 'styled-components';
import { cartApi, getDeviceId, storefrontApi, type DepartmentNode } from '@platform/api-client';
import type { ProductItem } from '@platform/contracts';
import { Card, Container, Loading } from '@platform/ui';
import { Grid, ProductSwiper, ProductTile } from '../../components/product-bits';
import { CouponSlider } from '../promotions/coupon-slider';
import { HighlightedDepartments, HomepageWidgets, useHomepageAreaSettled } from './homepage-widgets';
import { HomeBannerLine } from './home-banner';

const Hero = styled.section`
  background: ${(p) => p.theme.colors.primary}; color: ${(p) => p.theme.colors.onPrimary}; padding: 40px 0; margin-bottom: 24px;
  h1 { margin: 0 0 8px; font-size: 2rem; }
  p { margin: 0; }
`;
const Departments = styled.ul`
  display: grid; gap: 12px; padding: 0; grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  li { list-style: none; }
  a { font-weight: 600; }
`;

const NO_PRODUCTS: ProductItem[] = [];
const NO_DEPARTMENTS: DepartmentNode[] = [];

const DepartmentCards = memo(function DepartmentCards({ tree }: { tree: DepartmentNode[] }) {
  return (
    <>
      <h2>Shop by Department</h2>
      <Departments>
        {tree.map((d) => <li key={d.dept_id}><Card><Link to={`/d/${d.slug}`}>{d.name}</Link></Card></li>)}
      </Departments>
    </>
  );
});

const PopularProducts = memo(function PopularProducts({ products }: { products: ProductItem[] }) {
  if (!products.length) return null;
  return (
    <section aria-labelledby="popular-heading">
      <h2 id="popular-heading">Popular Products</h2>
      <Grid>{products.map((p) => <ProductTile key={p.store_product_id} product={p} />)}</Grid>
    </section>
  );
});

const SecondArea = memo(function SecondArea() {
  return <HomepageWidgets area={2} />;
});

/**
 * The sections under the first screen. They render in background (interruptible) passes: first right after the
 * first screen shows, then once per answer that arrives (each list is a deferred value, and the sections are
 * memoised), so building dozens of product tiles never holds the main thread in one long task.
 */
function BelowTheFold() {
  const show = useDeferredValue(true, false);
  const { data: settings } = storefrontApi.useSettingsQuery();
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const tree = useDeferredValue(storefrontApi.useDepartmentTreeQuery(departmentTreeDepth(business?.departments_hierarchy_level)).data ?? NO_DEPARTMENTS);
  const popular = useDeferredValue(storefrontApi.usePopularProductsQuery().data ?? NO_PRODUCTS);
  const featured = useDeferredValue(storefrontApi.useFeaturedProductsQuery().data ?? NO_PRODUCTS);
  const topSellers = useDeferredValue(storefrontApi.useTopSellingQuery({ days: 30, limit: 12 }).data ?? NO_PRODUCTS);
  // The page asked for this device's views afresh on arrival; this reads that answer.
  const recent = useDeferredValue(storefrontApi.useRecentProductsQuery(getDeviceId()).data ?? NO_PRODUCTS);
  if (!show) return null;
  return (
    <>
      <DepartmentCards tree={tree} />
      <PopularProducts products={popular} />
      <ProductSwiper title={settings?.featuredProductsTitle || 'Featured Products'} products={featured} testId="featured-products" />
      <ProductSwiper title="Top sellers this month" products={topSellers} testId="top-sellers" />
      <SecondArea />
      <ProductSwiper title="Recently viewed" products={recent} testId="recently-viewed" />
    </>
  );
}

/**
 * Home (spec 1 "Screens"): the store's own sections, Coupons & Highlights, highlighted departments, popular
 * products, Featured Products, the second area of sections and recently viewed. The store's name heads the
 * page; a store without a carousel gets a banner with it.
 */
export function HomePage() {
  const { data: settings } = storefrontApi.useSettingsQuery();
  const { data: business } = storefrontApi.useBusinessDetailsQuery();
  const { data: widgets } = storefrontApi.useHomepageWidgetsQuery(1);
  const firstAreaSettled = useHomepageAreaSettled(1);
  const { isLoading: couponsLoading } = cartApi.useCouponWidgetsQuery();
  const { isLoading: bannerLoading } = storefrontApi.useHomeBannerQuery();
  const { data: tree = [], isLoading: treeLoading } = storefrontApi.useDepartmentTreeQuery(departmentTreeDepth(business?.departments_hierarchy_level));
  // Asked for here, with the first screen's data, so the sections under it are ready when they render;
  // nothing selected, so their answers do not re-render this part.
  const none = { selectFromResult: () => ({}) };
  storefrontApi.usePopularProductsQuery(undefined, none);
  storefrontApi.useFeaturedProductsQuery(undefined, none);
  storefrontApi.useTopSellingQuery({ days: 30, limit: 12 }, none);
  storefrontApi.useRecentProductsQuery(getDeviceId(), { ...none, refetchOnMountOrArgChange: true });
  const locations = business?.about_us.locations ?? [];
  const hasCarousel = widgets?.some((w) => w.type === '4');
  const where = locations.length > 1 ? `${locations.length} locations to serve you` : locations[0] ? `${locations[0].address}, ${locations[0].city}` : null;
  // What fills the first screen comes in together, so nothing on it moves once shown (layout shift).
  if (!firstAreaSettled || couponsLoading || treeLoading || bannerLoading) return <Container><Loading label="Loading store…" /></Container>;
  return (
    <>
      <HomeBannerLine />
      {hasCarousel ? (
        <Container><h1 style={{ fontSize: '1.4rem', margin: '16px 0 12px' }}>{settings?.businessName}</h1></Container>
      ) : (
        <Hero>
          <Container>
            <h1>{settings?.businessName}</h1>
            <p>{where}</p>
          </Container>
        </Hero>
      )}
      <Container>
        <HomepageWidgets area={1} />
        <CouponSlider />
        <HighlightedDepartments tree={tree} />
        <BelowTheFold />
      </Container>
    </>
  );
}
