import { Type } from 'typebox';
import { Department, DepartmentAtLevel, DepartmentTree, DepartmentWithAliases, PageNumber, ProductItem, ProductPage } from '@platform/contracts';
import { AppError, errorAnswers, storeLinkOrigin, type ServicePlugin } from '@platform/server-kit';
import { NO_PERMISSION } from '@platform/domain';
import { askBackInStock, withdrawBackInStock } from './back-in-stock';
import { allDepartmentsList, departmentHierarchyWithAliases, departmentTree, listDepartments } from './departments';
import { alsoPurchased, attributeFilters, listProductsJson, topSelling, popularProducts, productAddons, productDetail, productVideos, recentProducts, similarProducts, SORTS, suggestions } from './products';
import { brandRoutes } from './brands';
import { searchTermRoutes } from './search-terms';
import { acquireSearchIndexes, releaseSearchIndexes } from './search/shared';
import { trackProductView } from './tracking';
import { visitorRoutes } from './visitors';
import { inStorePingRoutes } from './in-store-ping/routes';
import { featuredProducts, widgetProducts } from './widget-products';
import { paintRoutes } from './paints/routes';
import { departmentAliasRoutes } from './department-aliases';
import { brandSettingsRoutes } from './brand-settings';
import { departmentSettingsRoutes } from './department-settings';
import { featuredProductRoutes } from './featured-products';
import { partnerProductInventory, storeOrShownPartner } from './partner-inventory';

const tags = ['catalogue'];

const IdList = Type.String({ pattern: '^[0-9, ]*$', maxLength: 500 });
const Keyword = Type.String({ maxLength: 200 });
const Facets = {
  departments: Type.Array(Type.Object({ dept_id: Type.Integer(), name: Type.String(), count: Type.Integer() })),
  brands: Type.Array(Type.Object({ brand_id: Type.Integer(), brand_name: Type.String(), count: Type.Integer() })),
  price_ranges: Type.Array(Type.Object({ key: Type.String(), label: Type.String(), count: Type.Integer() })),
  other_facets: Type.Array(Type.Object({ key: Type.String(), label: Type.String(), values: Type.Array(Type.Object({ value: Type.String(), count: Type.Integer() })) })),
  top_departments: Type.Array(Type.Object({ dept_id: Type.Integer(), name: Type.String(), slug: Type.String(), image_url: Type.Union([Type.String(), Type.Null()]), count: Type.Integer() })),
};
const ZeroOne = Type.Union([Type.Literal(0), Type.Literal(1)], { default: 0 });
const AttributeValues = Type.String({ maxLength: 200 });
const ProductId = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const ProductList = Type.Object({ data: Type.Array(ProductItem) });

/** Routes reading the store's counts (views, sales, bought-together) answer 503 while Redis reloads them. */
const COUNTS_LOADING = errorAnswers(503);

export const catalogueRoutes: ServicePlugin = async (app) => {
  // One in-memory search index per tenant, per process (docs/SEARCH.md), shared with the cart's product reads.
  const searchIndexes = await acquireSearchIndexes(app.resources, (err) => app.log.error({ err }, 'search index refresh failed'));
  app.addHook('onClose', () => releaseSearchIndexes(app.resources));
  // View, search, sales and pair counts the workers keep in Redis (tracking.ts).
  const counters = { redis: app.resources.redis, prefix: app.resources.queuePrefix };
  await app.register(brandRoutes(searchIndexes));
  await app.register(searchTermRoutes);
  await app.register(visitorRoutes);
  await app.register(inStorePingRoutes(searchIndexes));
  await app.register(paintRoutes(searchIndexes));
  await app.register(departmentAliasRoutes);
  await app.register(brandSettingsRoutes(searchIndexes));
  await app.register(departmentSettingsRoutes(searchIndexes));
  await app.register(featuredProductRoutes(searchIndexes));

  app.get('/departments', {
    schema: {
      tags, summary: 'One level of departments (top level, or the children of dept_id)',
      querystring: Type.Object({ page: PageNumber, limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }), dept_id: Type.Optional(Type.Integer({ minimum: 1 })) }),
      response: { 200: Type.Object({ data: Type.Array(Department), total: Type.Integer(), current_page: Type.Integer(), last_page: Type.Integer() }) },
    },
  }, async (request) => listDepartments(request.ctx, request.query));

  app.get('/full-departments', {
    schema: {
      tags, summary: 'The department tree, up to depth levels (max 3)',
      querystring: Type.Object({ depth: Type.Integer({ minimum: 1, maximum: 3, default: 3 }) }),
      response: { 200: Type.Object({ data: Type.Array(DepartmentTree) }) },
    },
  }, async (request) => ({ data: await departmentTree(request.ctx, request.query.depth) }));

  // Flags as the storefront sends them: 1/0 or true/false.
  const Flag = Type.Union([Type.Literal('1'), Type.Literal('0'), Type.Literal('true'), Type.Literal('false')], { default: '0' });
  app.get('/get-all-departments', {
    schema: {
      tags, summary: 'Every visible department of every level (up to 3) in one flat list, parents first; pregenerated=1: the same departments as the nested tree',
      querystring: Type.Object({ pregenerated: Flag }),
      response: { 200: Type.Union([
        Type.Object({ data: Type.Array(DepartmentAtLevel), pregenerated: Type.Literal(false) }),
        Type.Object({ data: Type.Array(DepartmentTree), pregenerated: Type.Literal(true) }),
      ]) },
    },
  }, async (request) => allDepartmentsList(request.ctx, ['1', 'true'].includes(request.query.pregenerated)));

  app.get('/get-department-hierarchy-with-alias', {
    schema: {
      tags, summary: "The department tree (3 levels) with each department's aliases; showHiddenDept=1 adds hidden departments of this store (staff with edit_department_mapping); partner: a business id, this store's or a partner's where both list each other (its visible tree), any other 404",
      querystring: Type.Object({ partner: Type.Optional(Type.String({ maxLength: 20 })), showHiddenDept: Flag }),
      response: { 200: Type.Object({ data: Type.Array(DepartmentWithAliases) }), ...errorAnswers(403) },
    },
  }, async (request) => {
    const { partner, showHiddenDept } = request.query;
    // Another store's departments only where both stores list each other (docs/PARTNER-INVENTORY.md).
    const store = partner ? await storeOrShownPartner(request.ctx, partner) : request.ctx;
    const showHidden = ['1', 'true'].includes(showHiddenDept);
    if (showHidden) {
      const caller = request.ctx.caller;
      if (!caller) throw new AppError('unauthorized', 'Unauthenticated.');
      if (!caller.isAdmin || !caller.permissions.includes('edit_department_mapping')) throw new AppError('forbidden', NO_PERMISSION);
    }
    // Staff see their own store's hidden departments, never a partner's.
    return { data: await departmentHierarchyWithAliases(store, showHidden && store === request.ctx) };
  });

  app.get('/products', {
    schema: {
      tags, summary: 'Search and browse the selected location (Store-Id): keyword, filters, facets, sort, paging',
      querystring: Type.Object({
        search: Type.Optional(Keyword),
        keyword: Type.Optional(Keyword),
        dept_id: Type.Optional(Type.Integer({ minimum: 1 })),
        exdept: Type.Optional(IdList),
        exsubdept: Type.Optional(IdList),
        brand_id: Type.Optional(Type.Integer({ minimum: 1 })),
        brands: Type.Optional(IdList),
        start_price: Type.Optional(Type.Number({ minimum: 0, maximum: 1000000 })),
        end_price: Type.Optional(Type.Number({ minimum: 0, maximum: 1000000 })),
        page: PageNumber,
        limit: Type.Integer({ minimum: 1, maximum: 200, default: 96 }),
        sort: Type.Union(SORTS.map((s) => Type.Literal(s)), { default: 'relevancy' }),
        in_stock_only: ZeroOne,
        avail_35: ZeroOne,
        promo: ZeroOne,
        promolabel: Type.Optional(AttributeValues),
        secondary: Type.Optional(Keyword),
        clothing_gender: Type.Optional(AttributeValues),
        clothing_type_kw: Type.Optional(AttributeValues),
        clothing_size: Type.Optional(AttributeValues),
        size: Type.Optional(AttributeValues),
        color: Type.Optional(AttributeValues),
      }, { additionalProperties: AttributeValues, description: 'Keys starting with x filter on the attribute named by the rest of the key' }),
      response: { 200: Type.Object({ products: ProductPage, ...Facets, removed_instock_only: Type.Boolean() }) },
    },
  }, async (request, reply) => {
    const text = await listProductsJson(request.ctx, searchIndexes, { ...request.query, attributes: attributeFilters(request.query) });
    // JSON text goes out as it is: the items come already serialized from the index (the schema documents the answer).
    return reply.type('application/json; charset=utf-8').send(text as never);
  });

  app.get('/get-suggestions', {
    schema: {
      tags, summary: 'Type-ahead for 3+ characters: products (10, each with ping_count: in-store pings of it), departments (2), brands (2); a department or brand found by its alias carries it',
      querystring: Type.Object({ search: Keyword }),
      response: {
        200: Type.Object({
          search_terms: Type.Array(Type.String()),
          products: Type.Array(Type.Intersect([ProductItem, Type.Object({ ping_count: Type.Integer() })])),
          // alias: present when the entry was found by the store's other name for it (the name the shopper typed).
          departments: Type.Array(Type.Object({ dept_id: Type.Integer(), name: Type.String(), alias: Type.Optional(Type.String()) })),
          brands: Type.Array(Type.Object({ brand_id: Type.Integer(), brand_name: Type.String(), image: Type.Union([Type.String(), Type.Null()]), alias: Type.Optional(Type.String()) })),
        }),
      },
    },
  }, async (request) => suggestions(request.ctx, searchIndexes, counters, request.query.search));

  app.get('/products/product', {
    schema: {
      tags, summary: 'One product at the selected location, by id (param), by slug (field=slug) or by sku (field=sku)',
      querystring: Type.Object({ param: Type.String({ minLength: 1, maxLength: 300 }), field: Type.Union([Type.Literal('id'), Type.Literal('slug'), Type.Literal('sku')], { default: 'id' }) }),
      response: {
        200: Type.Object({
          data: Type.Intersect([ProductItem, Type.Object({
            description: Type.String(),
            department_path: Type.Array(Type.Integer()),
            locations_inventory: Type.Array(Type.Object({ location_id: Type.Integer(), num_inventory: Type.Integer() })),
          })]),
        }),
      },
    },
  }, async (request) => ({ data: await productDetail(request.ctx, searchIndexes, request.query.param, request.query.field) }));

  // Spec 1 §7 names the path only; the design is ours (docs/PARTNER-INVENTORY.md).
  const LocationStock = Type.Object({
    location_id: Type.Integer(), name: Type.String(), address: Type.String(), city: Type.String(), state: Type.String(), zip: Type.String(), phone: Type.String(),
    num_inventory: Type.Integer(), in_stock: Type.Boolean(),
  });
  app.get('/partner-business-product-inventory/:sku', {
    schema: {
      tags,
      summary: "A product's stock by sku at each location of this business that sells it, then at each partner business's (both stores list each other); partner: one business id (this one or a partner shown; another answers 404 'Store not found.'); 404 'Product not found' where no business shows the sku",
      params: Type.Object({ sku: Type.String({ minLength: 1, maxLength: 100 }) }),
      querystring: Type.Object({ partner: Type.Optional(Type.String({ maxLength: 20 })) }),
      response: {
        200: Type.Object({ data: Type.Object({
          sku: Type.String(),
          businesses: Type.Array(Type.Object({ business_id: Type.Integer(), name: Type.String(), partner: Type.Boolean(), title: Type.String(), locations: Type.Array(LocationStock) })),
        }) }),
        ...errorAnswers(404),
      },
    },
  }, async (request) => ({ data: await partnerProductInventory(request.ctx, searchIndexes, request.params.sku, request.query.partner) }));

  app.post('/products/track', {
    schema: {
      tags, summary: 'Record a product view (queued; folded into popular-products by the worker)',
      body: Type.Object({ sku: Type.String({ minLength: 1, maxLength: 100 }), device_id: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9]{10}$' })) }),
      response: { 202: Type.Object({ status: Type.String() }) },
    },
  }, async (request, reply) => {
    // Spec 1 §4: admins are not tracked.
    if (!request.ctx.caller?.isAdmin) {
      await trackProductView(request.ctx, app.resources, request.body.sku, request.body.device_id ?? request.ctx.deviceId);
    }
    return reply.status(202).send({ status: 'success' });
  });

  // Back in stock (issue 29, docs/API-DECISIONS.md): one e-mail when an out-of-stock item is back at that store.
  const BackInStockBody = Type.Object({
    store_product_id: Type.Integer({ minimum: 1 }),
    /** A guest's e-mail; a signed-in shopper's ask uses the account's e-mail. */
    email: Type.Optional(Type.String({ maxLength: 254 })),
  });
  app.post('/products/notify-back-in-stock', {
    schema: {
      tags, summary: "Ask to be e-mailed once when an out-of-stock store product is back in stock (asking twice is one ask)",
      body: BackInStockBody,
      response: { 200: Type.Object({ status: Type.Literal('success'), message: Type.String(), email: Type.String() }), ...errorAnswers(404, 409, 422) },
    },
  }, async (request) => {
    const { email } = await askBackInStock(request.ctx, app.resources, request.body, await storeLinkOrigin(request));
    return { status: 'success' as const, message: `We'll email ${email} once when it's back in stock at this store.`, email };
  });
  app.delete('/products/notify-back-in-stock', {
    schema: {
      tags, summary: 'Withdraw an ask to be e-mailed when a store product is back in stock',
      body: BackInStockBody,
      response: { 200: Type.Object({ status: Type.Literal('success') }), ...errorAnswers(422) },
    },
  }, async (request) => {
    await withdrawBackInStock(request.ctx, app.resources, request.body);
    return { status: 'success' as const };
  });

  app.get('/popular-products', {
    schema: {
      tags, summary: 'Most viewed products, priced for the selected location',
      querystring: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 50, default: 12 }) }),
      response: { 200: Type.Object({ data: Type.Array(Type.Intersect([ProductItem, Type.Object({ views: Type.Integer() })])) }), ...COUNTS_LOADING },
    },
  }, async (request) => ({ data: await popularProducts(request.ctx, searchIndexes, counters, request.query.limit) }));

  app.get('/products/:id/addons', {
    schema: { tags, summary: 'Add-on products the store pairs with this one, at the selected location', params: ProductId, response: { 200: ProductList } },
  }, async (request) => ({ data: await productAddons(request.ctx, searchIndexes, request.params.id) }));

  app.get('/products/:id/videos', {
    schema: {
      tags, summary: "A product's videos", params: ProductId,
      response: { 200: Type.Object({ data: Type.Array(Type.Object({ title: Type.String(), url: Type.String() })) }) },
    },
  }, async (request) => ({ data: await productVideos(request.ctx, searchIndexes, request.params.id) }));

  app.get('/products/:id/similar', {
    schema: {
      tags, summary: 'Similar products: same department, nearest in price, at the selected location', params: ProductId,
      querystring: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 24, default: 12 }) }),
      response: { 200: ProductList },
    },
  }, async (request) => ({ data: await similarProducts(request.ctx, searchIndexes, request.params.id, request.query.limit) }));

  app.post('/products/get-recent', {
    schema: {
      tags, summary: 'Products this device viewed recently (newest first), at the selected location',
      body: Type.Object({ device_id: Type.String({ pattern: '^[A-Za-z0-9]{10}$' }), limit: Type.Integer({ minimum: 1, maximum: 20, default: 12 }) }),
      response: { 200: ProductList },
    },
  }, async (request) => ({ data: await recentProducts(request.ctx, searchIndexes, app.resources.redis, app.resources.queuePrefix, request.body.device_id, request.body.limit) }));

  app.get('/top-selling/:days/:limit', {
    schema: {
      tags, summary: 'Best sellers of the last {days} days by units sold, at the selected location',
      params: Type.Object({ days: Type.Integer({ minimum: 1, maximum: 365 }), limit: Type.Integer({ minimum: 1, maximum: 50 }) }),
      response: { 200: Type.Object({ data: Type.Array(Type.Intersect([ProductItem, Type.Object({ sold: Type.Integer() })])) }), ...COUNTS_LOADING },
    },
  }, async (request) => ({ data: await topSelling(request.ctx, searchIndexes, counters, request.params.days, request.params.limit) }));

  app.post('/widget/getProducts', {
    schema: {
      tags, summary: "A home page product row at the selected location: its SKUs in order, or a department's or brand's newest products (in stock first)",
      body: Type.Object({
        skus: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 48 })),
        dept_id: Type.Optional(Type.Integer({ minimum: 1 })),
        brand_id: Type.Optional(Type.Integer({ minimum: 1 })),
        limit: Type.Integer({ minimum: 1, maximum: 48, default: 12 }),
      }),
      response: { 200: ProductList },
    },
  }, async (request) => ({ data: await widgetProducts(request.ctx, searchIndexes, request.body) }));

  app.get('/favourite-products', {
    schema: { tags, summary: "The store's featured products in its order, at the selected location", response: { 200: ProductList } },
  }, async (request) => ({ data: await featuredProducts(request.ctx, searchIndexes) }));

  app.get('/products/:id/also-purchased', {
    schema: {
      tags, summary: 'Customers also purchased: products most often in the same orders, at the selected location', params: ProductId,
      querystring: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 24, default: 12 }) }),
      response: { 200: ProductList, ...COUNTS_LOADING },
    },
  }, async (request) => ({ data: await alsoPurchased(request.ctx, searchIndexes, counters, request.params.id, request.query.limit) }));
};
