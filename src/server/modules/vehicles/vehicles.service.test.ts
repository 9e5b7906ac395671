import { beforeEach, expect, it } from 'vitest';
import * as copy from '#shared/copy';
import { AppError } from '../../app-error';
import { insertFitment, insertPart, insertVehicle } from '../../testing/factories';
import { describeServicesOnEachEngine } from '../../testing/test-services';

const v = copy.vehicles;
const refusal = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: unknown) => error,
  );

describeServicesOnEachEngine("the vehicles service's rules", (ctx) => {
  beforeEach(() => {
    ctx.announced.length = 0;
  });
  const announcedVehicles = () =>
    ctx.announced
      .filter(({ name }) => name === 'catalogueChanged')
      .map(({ event }) => (event as { vehicleId?: string }).vehicleId);

  it('announces every change to a vehicle once committed, so cached lists are forgotten', async () => {
    const created = await ctx.services.vehicles.create({
      make: 'Servicemake',
      model: 'A',
      engine: '1.0',
      yearFrom: 2010,
      yearTo: 2012,
    });
    await ctx.services.vehicles.update(created.id, { yearTo: 2014 });
    await ctx.services.vehicles.remove(created.id);
    expect(announcedVehicles()).toEqual([created.id, created.id, created.id]);
  });

  it('announces nothing and changes nothing when it refuses', async () => {
    const car = await insertVehicle(ctx.database.db, { year_from: 2010, year_to: 2020 });
    const part = await insertPart(ctx.database.db);
    await insertFitment(ctx.database.db, { part_id: part.id, vehicle: car, year_from: 2015, year_to: 2020 });

    const narrowed = await refusal(ctx.services.vehicles.update(car.id, { yearTo: 2018, engine: 'Changed' }));
    expect(narrowed).toBeInstanceOf(AppError);
    expect(narrowed).toMatchObject({ code: 'conflict', fieldErrors: { yearTo: v.yearsExcludeFitments(1) } });
    const removed = await refusal(ctx.services.vehicles.remove(car.id));
    expect(removed).toMatchObject({ code: 'conflict', detail: v.hasParts(1) });

    const stored = await ctx.database.db.selectFrom('vehicles').selectAll().where('id', '=', car.id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ engine: car.engine, year_to: 2020 });
    expect(announcedVehicles()).toEqual([]);
  });

  it('announces a part write with fitments, and none when a fitment is refused', async () => {
    const car = await insertVehicle(ctx.database.db, { year_from: 2010, year_to: 2020 });
    const part = await insertPart(ctx.database.db);
    const refused = await refusal(
      ctx.services.parts.updatePart(part.id, { fitments: [{ vehicleId: car.id, yearFrom: 2009, yearTo: 2012, note: '' }] }),
    );
    expect(refused).toMatchObject({ fieldErrors: { 'fitments.0.yearFrom': v.fitmentYearsOutside(2010, 2020) } });
    expect(ctx.announced).toEqual([]);

    await ctx.services.parts.updatePart(part.id, { fitments: [{ vehicleId: car.id, yearFrom: 2011, yearTo: 2012, note: '' }] });
    expect(ctx.announced).toEqual([{ name: 'catalogueChanged', event: { partId: part.id } }]);
    expect((await ctx.services.parts.getPart(part.id)).fits).toEqual([
      { vehicle: { id: car.id, make: car.make, model: car.model, engine: car.engine }, yearFrom: 2011, yearTo: 2012, note: '' },
    ]);
  });
});
