import { Type } from 'typebox';
import { Money } from '@platform/contracts';
import { errorAnswers, type ServicePlugin } from '@platform/server-kit';
import { listRentals, submitRentalRequest } from './rentals';

const tags = ['rentals'];
const Category = Type.Object({ id: Type.Integer(), name: Type.String(), icon: Type.Union([Type.String(), Type.Null()]) });
const RentalItem = Type.Object({
  id: Type.Integer(), name: Type.String(), description: Type.String(), image: Type.Union([Type.String(), Type.Null()]),
  category_id: Type.Integer(), sub_category_id: Type.Union([Type.Integer(), Type.Null()]),
  rates: Type.Object({ four_hours: Type.Union([Money, Type.Null()]), day: Money, week: Type.Union([Money, Type.Null()]) }),
  deposit: Type.Union([Money, Type.Null()]), featured: Type.Boolean(),
});
const Day = Type.String({ maxLength: 10 });

/** /rentals and the rental request form (spec 1 §2, §7 "GET rentals, POST rental-form-submit"). */
export const rentalRoutes: ServicePlugin = async (app) => {
  app.get('/rentals', {
    schema: {
      tags, summary: 'Rental categories (with sub-categories) and the equipment of one (deptId, subDeptId), featured first',
      querystring: Type.Object({ deptId: Type.Optional(Type.Integer({ minimum: 1 })), subDeptId: Type.Optional(Type.Integer({ minimum: 1 })) }),
      response: { 200: Type.Object({ data: Type.Object({ categories: Type.Array(Type.Object({ ...Category.properties, children: Type.Array(Category) })), products: Type.Array(RentalItem) }) }) },
    },
  }, async (request) => ({ data: await listRentals(request.ctx, request.query) }));

  app.post('/rental-form-submit', {
    schema: {
      tags, summary: "A shopper's rental request: kept for the store and e-mailed to its contact address",
      body: Type.Object({
        first_name: Type.String({ maxLength: 50 }), last_name: Type.String({ maxLength: 50 }), email: Type.String({ maxLength: 254 }), phone: Type.String({ maxLength: 20 }),
        location_id: Type.Integer({ minimum: 1 }), rental_id: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])), item: Type.Optional(Type.String({ maxLength: 200 })),
        start_date: Day, end_date: Day, message: Type.Optional(Type.String({ maxLength: 1000 })),
      }),
      response: { 200: Type.Object({ status: Type.String(), message: Type.String() }), ...errorAnswers(422) },
    },
  }, async (request) => submitRentalRequest(request.ctx, app.resources.queues, request.body));
};
