import { departmentTreeDepth, productRowRequest, routeOf } from '@platform/domain';
import { cartApi, hasPreloadedAnswers, storefrontApi, type PlatformStore } from '@platform/api-client';

/**
 * Before the first render of the home page: its first screen's answers (the banner, sections of area 1, their
 * product rows, coupons, the department tree), which the page carries for guests (window.__PRELOADED__), go into the
 * cache, so the first render shows that screen at once. The answers come from the page, not the network, so
 * this takes no round trip (an answer the page lacks, because the server could not give it, is asked for, as
 * the first screen would wait for it anyway); elsewhere, or when the page carries nothing for this visitor, it
 * does nothing.
 */
export async function fillHomeFirstScreen(store: PlatformStore): Promise<void> {
  if (routeOf(window.location).pathname !== '/' || !hasPreloadedAnswers()) return;
  const business = storefrontApi.endpoints.businessDetails.select()(store.getState()).data;
  const widgets = store.dispatch(storefrontApi.endpoints.homepageWidgets.initiate(1));
  const sections = (await widgets).data ?? [];
  const rest = [
    ...sections.filter((w) => w.type === '2').map((w) => store.dispatch(storefrontApi.endpoints.widgetProducts.initiate(productRowRequest(w)))),
    store.dispatch(cartApi.endpoints.couponWidgets.initiate()),
    store.dispatch(storefrontApi.endpoints.homeBanner.initiate()),
    store.dispatch(storefrontApi.endpoints.departmentTree.initiate(departmentTreeDepth(business?.departments_hierarchy_level))),
  ];
  await Promise.allSettled(rest);
  // The page's own subscriptions keep the answers from here on.
  [widgets, ...rest].forEach((request) => request.unsubscribe());
}
