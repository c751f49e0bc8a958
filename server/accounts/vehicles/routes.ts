/**
 * Vehicle calls of spec 2 §7 under /accounts/api/customers. Mounted on the same prefix as the
 * customer profile calls, so authentication is attached per route: a `use('*')` here would also
 * guard the profile service's anonymous lookups.
 */
import { Hono } from 'hono';
import * as v from 'valibot';
import {
  checkVehicle,
  removeVehicleBodySchema,
  toNewYorkDate,
  updateVehicleBodySchema,
  VEHICLE_MESSAGES,
  VEHICLE_TYPES,
  vehicleBodySchema,
  type VehicleBody,
  type VehicleFields,
} from '../../../src/contract/vehicles.ts';
import type { Deps } from '../../deps.ts';
import { requireUser, type AuthVariables } from '../../lib/auth.ts';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { validate } from '../../lib/validate.ts';
import { CAR_MAKES, findCarModels } from './car-makes.ts';
import { findVehicle, hasDuplicatePlate, insertVehicle, isUniqueViolation, listVehicles, removeVehicle, retireExpiredRentals, updateVehicle } from './vehicle-store.ts';

const makeParam = v.object({ make: v.pipe(v.string(), v.trim(), v.minLength(1, 'make is required'), v.maxLength(50, 'make must be at most 50 characters')) });

export function createVehiclesApi({ db, verifyToken, now }: Deps) {
  const auth = requireUser(verifyToken);

  /** The shared rules, on the New York day of the server clock. */
  const check = (body: VehicleBody) => checkVehicle(body, toNewYorkDate(now()));
  /** 400 with the spec text of every failing field, and the same per field for the form. */
  const invalid = (result: { message: string; errors: Partial<Record<keyof VehicleFields, string>> }) => ({
    message: result.message,
    errors: result.errors,
  });

  async function saveOrConflict<T>(save: () => Promise<T>): Promise<T> {
    try {
      return await save();
    } catch (error: unknown) {
      if (isUniqueViolation(error)) throw new HttpError(409, VEHICLE_MESSAGES.alreadyRegistered);
      throw error;
    }
  }

  return new Hono<{ Variables: AuthVariables }>()
    .get('/get-customer-vehicles', auth, async (c) => c.json(await listVehicles(db, c.get('user').uid, toNewYorkDate(now()))))
    .get('/get-vehicle-types', (c) => c.json(VEHICLE_TYPES.map(({ vehicleTypeId, typeName }) => ({ vehicleTypeId, typeName }))))
    .get('/get-car-makes', (c) => c.json(CAR_MAKES))
    .get('/get-car-models/:make', validate('param', makeParam), (c) => {
      const { make } = c.req.valid('param');
      const models = findCarModels(make);
      if (!models) throw new HttpError(404, `The make "${make}" is not on the list: type the make and model instead.`);
      return c.json(models);
    })
    .post('/add-vehicle', auth, validate('json', vehicleBodySchema), async (c) => {
      const uid = c.get('user').uid;
      const checked = check(c.req.valid('json'));
      if (!checked.success) return c.json(invalid(checked), 400);
      const fields = checked.output;
      await retireExpiredRentals(db, uid, toNewYorkDate(now()), now());
      if (await hasDuplicatePlate(db, uid, fields)) throw new HttpError(409, VEHICLE_MESSAGES.alreadyRegistered);
      return c.json(await saveOrConflict(() => insertVehicle(db, uid, fields, now())), 201);
    })
    .post('/update-vehicle', auth, validate('json', updateVehicleBodySchema), async (c) => {
      const uid = c.get('user').uid;
      const body = c.req.valid('json');
      if (!(await findVehicle(db, uid, body.vehicleId))) throw notFound('The vehicle');
      const checked = check(body);
      if (!checked.success) return c.json(invalid(checked), 400);
      const fields = checked.output;
      await retireExpiredRentals(db, uid, toNewYorkDate(now()), now());
      if (await hasDuplicatePlate(db, uid, fields, body.vehicleId)) throw new HttpError(409, VEHICLE_MESSAGES.alreadyRegistered);
      const saved = await saveOrConflict(() => updateVehicle(db, uid, body.vehicleId, fields, now()));
      if (!saved) throw notFound('The vehicle');
      return c.json(saved);
    })
    .post('/remove-vehicle', auth, validate('json', removeVehicleBodySchema), async (c) => {
      const { vehicleId } = c.req.valid('json');
      if (!(await removeVehicle(db, c.get('user').uid, vehicleId, now()))) throw notFound('The vehicle');
      return c.json({ vehicleId });
    });
}
