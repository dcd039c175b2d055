import { Type } from 'typebox';
import { PageNumber, PaintCollection, PaintColor, PaintFamily, ProductPage } from '@platform/contracts';
import type { ServicePlugin } from '@platform/server-kit';
import { SORTS } from '../products';
import type { SearchIndexRegistry } from '../search/registry';
import { paintCollections, paintColours, paintFamilies, paintProducts, requirePaintStore } from './paints';

const tags = ['paints'];
const Category = Type.Object({ dept_id: Type.Integer(), name: Type.String(), slug: Type.String() });

/** The paint variant's colour card and paint products (spec 1 §2 /colors, /paint-products). */
export const paintRoutes = (registry: SearchIndexRegistry): ServicePlugin => async (app) => {
  app.addHook('preHandler', async (request) => requirePaintStore(request.ctx));

  app.get('/paints/families', {
    schema: { tags, summary: 'The twelve colour families, each with its swatch and number of colours', response: { 200: Type.Object({ data: Type.Array(PaintFamily) }) } },
  }, async () => ({ data: await paintFamilies() }));

  app.get('/paints/collections', {
    schema: { tags, summary: "The paint brand's colour collections", response: { 200: Type.Object({ data: Type.Array(PaintCollection) }) } },
  }, async () => ({ data: await paintCollections() }));

  app.get('/paints/colors', {
    schema: {
      tags, summary: 'Colours of a family (code or name) or a collection (slug), or matching a name or code',
      querystring: Type.Object({
        family: Type.Optional(Type.String({ maxLength: 20 })),
        collection: Type.Optional(Type.String({ maxLength: 80 })),
        search: Type.Optional(Type.String({ maxLength: 80 })),
        page: PageNumber,
        limit: Type.Integer({ minimum: 1, maximum: 120, default: 60 }),
      }),
      response: { 200: Type.Object({ data: Type.Array(PaintColor), total: Type.Integer(), current_page: Type.Integer(), last_page: Type.Integer() }) },
    },
  }, async (request) => paintColours(request.query));

  app.get('/paints/products', {
    schema: {
      tags, summary: "Paint products of one category (a top-level department's slug) at the selected location, with the category list",
      querystring: Type.Object({
        category: Type.Optional(Type.String({ maxLength: 120 })),
        page: PageNumber,
        limit: Type.Integer({ minimum: 1, maximum: 96, default: 48 }),
        sort: Type.Union(SORTS.map((s) => Type.Literal(s)), { default: 'title-asc' }),
      }),
      response: { 200: Type.Object({ data: Type.Object({ categories: Type.Array(Category), category: Type.Union([Category, Type.Null()]), products: ProductPage }) }) },
    },
  }, async (request) => ({ data: await paintProducts(request.ctx, registry, request.query) }));
};
