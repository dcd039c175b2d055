import { Type } from 'typebox';
import { Department, DepartmentTree, ProductItem, ProductPage } from '@platform/contracts';
import type { ServicePlugin } from '@platform/server-kit';
import { departmentTree, listDepartments } from './departments';
import { listProducts, popularProducts, productDetail, SORTS } from './products';
import { trackProductView } from './tracking';

const tags = ['catalogue'];
const Page = Type.Integer({ minimum: 1, default: 1 });

export const catalogueRoutes: ServicePlugin = async (app) => {
  app.get('/departments', {
    schema: {
      tags, summary: 'One level of departments (top level, or the children of dept_id)',
      querystring: Type.Object({ page: Page, limit: Type.Integer({ minimum: 1, maximum: 500, default: 100 }), dept_id: Type.Optional(Type.Integer({ minimum: 1 })) }),
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

  app.get('/products', {
    schema: {
      tags, summary: 'Products of the selected location (Store-Id), filtered, sorted and paged',
      querystring: Type.Object({
        dept_id: Type.Optional(Type.Integer({ minimum: 1 })),
        brand_id: Type.Optional(Type.Integer({ minimum: 1 })),
        brands: Type.Optional(Type.String({ pattern: '^[0-9, ]*$' })),
        page: Page,
        limit: Type.Integer({ minimum: 1, maximum: 200, default: 96 }),
        sort: Type.Union(SORTS.map((s) => Type.Literal(s)), { default: 'relevancy' }),
        in_stock_only: Type.Union([Type.Literal(0), Type.Literal(1)], { default: 0 }),
      }),
      response: { 200: Type.Object({ products: ProductPage, removed_instock_only: Type.Boolean() }) },
    },
  }, async (request) => listProducts(request.ctx, request.query));

  app.get('/products/product', {
    schema: {
      tags, summary: 'One product at the selected location, by id (param) or by slug (field=slug)',
      querystring: Type.Object({ param: Type.String({ minLength: 1, maxLength: 300 }), field: Type.Union([Type.Literal('id'), Type.Literal('slug')], { default: 'id' }) }),
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
  }, async (request) => ({ data: await productDetail(request.ctx, request.query.param, request.query.field) }));

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

  app.get('/popular-products', {
    schema: {
      tags, summary: 'Most viewed products, priced for the selected location',
      querystring: Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 50, default: 12 }) }),
      response: { 200: Type.Object({ data: Type.Array(Type.Intersect([ProductItem, Type.Object({ views: Type.Integer() })])) }) },
    },
  }, async (request) => ({ data: await popularProducts(request.ctx, request.query.limit) }));
};
