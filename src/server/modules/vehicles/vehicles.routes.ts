import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  garageSchema,
  garageVehicleInputSchema,
  vehicleIdParamsSchema,
  vehicleInputSchema,
  vehicleListQuerySchema,
  vehicleListSchema,
  vehicleMakesSchema,
  vehicleSchema,
  vehicleUpdateSchema,
} from '#shared/schemas/vehicles';
import { vinLookupSchema, vinParamsSchema } from '#shared/schemas/vin';
import { requireAdmin, requireCustomer, signedInUser } from '../../http/guards';
import { problemSchema } from '../../http/openapi';
import type { VehiclesService } from './vehicles.service';

// Guards run before validation, so a visitor learns nothing about the body's rules.
const adminOnly = { 401: problemSchema, 403: problemSchema };
const customersOnly = { 401: problemSchema, 403: problemSchema };

export const vehiclesRoutes: FastifyPluginAsyncZod<{ vehicles: VehiclesService }> = async (app, { vehicles }) => {
  app.get(
    '/api/vehicles/makes',
    {
      config: { cache: 'public', apiKeyScope: 'catalogue:read' },
      schema: {
        tags: ['vehicles'],
        summary: 'Every make the shop lists vehicles of, by name',
        response: { 200: vehicleMakesSchema },
      },
    },
    async () => vehicles.makes(),
  );

  app.get(
    '/api/vehicles',
    {
      config: { cache: 'public', apiKeyScope: 'catalogue:read' },
      schema: {
        tags: ['vehicles'],
        summary: 'The vehicles of a make (and model, both in any case), or all of them, by make, model, engine and first year',
        querystring: vehicleListQuerySchema,
        response: { 200: vehicleListSchema, 400: problemSchema },
      },
    },
    async (request) => vehicles.list(request.query),
  );

  app.get(
    '/api/vehicles/vin/:vin',
    {
      config: { cache: 'public', apiKeyScope: 'catalogue:read' },
      schema: {
        tags: ['vehicles'],
        summary:
          "A VIN's make and model year, and the shop's vehicles of that make built that year (400 with the reason for a bad VIN)",
        params: vinParamsSchema,
        response: { 200: vinLookupSchema, 400: problemSchema },
      },
    },
    async (request) => vehicles.findByVin(request.params.vin),
  );

  app.post(
    '/api/vehicles',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['vehicles'],
        summary: 'Add a vehicle (409 when the same make, model, engine and first year is listed)',
        body: vehicleInputSchema,
        response: { 201: vehicleSchema, 400: problemSchema, 409: problemSchema, ...adminOnly },
      },
    },
    async (request, reply) => reply.code(201).send(await vehicles.create(request.body)),
  );

  app.patch(
    '/api/vehicles/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['vehicles'],
        summary: 'Change a vehicle; 409 when its years would leave out years parts on sale fit it in',
        params: vehicleIdParamsSchema,
        body: vehicleUpdateSchema,
        response: { 200: vehicleSchema, 400: problemSchema, 404: problemSchema, 409: problemSchema, ...adminOnly },
      },
    },
    async (request) => vehicles.update(request.params.id, request.body),
  );

  app.delete(
    '/api/vehicles/:id',
    {
      preValidation: requireAdmin,
      schema: {
        tags: ['vehicles'],
        summary: 'Delete a vehicle (409 while parts on sale fit it)',
        params: vehicleIdParamsSchema,
        response: { 204: z.null(), 404: problemSchema, 409: problemSchema, ...adminOnly },
      },
    },
    async (request, reply) => {
      await vehicles.remove(request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/me/vehicles',
    {
      preValidation: requireCustomer,
      schema: {
        tags: ['vehicles'],
        summary: 'Your garage: your saved vehicles, newest first',
        response: { 200: garageSchema, ...customersOnly },
      },
    },
    async (request) => vehicles.garage(signedInUser(request)),
  );

  app.post(
    '/api/me/vehicles',
    {
      preValidation: requireCustomer,
      schema: {
        tags: ['vehicles'],
        summary: 'Save a vehicle to your garage, in a year it was built, with a nickname; answers the whole garage',
        body: garageVehicleInputSchema,
        response: { 201: garageSchema, 400: problemSchema, 409: problemSchema, ...customersOnly },
      },
    },
    async (request, reply) => reply.code(201).send(await vehicles.addToGarage(signedInUser(request), request.body)),
  );

  app.delete(
    '/api/me/vehicles/:id',
    {
      preValidation: requireCustomer,
      schema: {
        tags: ['vehicles'],
        summary: 'Take a vehicle out of your garage; answers the whole garage',
        params: vehicleIdParamsSchema,
        response: { 200: garageSchema, 404: problemSchema, ...customersOnly },
      },
    },
    async (request) => vehicles.removeFromGarage(signedInUser(request), request.params.id),
  );
};
