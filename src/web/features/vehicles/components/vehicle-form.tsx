import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import * as copy from '#shared/copy';
import { type Vehicle, vehicleInputSchema, vehicleYearSchema } from '#shared/schemas/vehicles';
import { FormError, InputField } from '../../../components/form-field';
import { ApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/mutation-errors';
import { toast } from '../../../lib/toast';
import { useCreateVehicleMutation } from '../api/create-vehicle';
import { useUpdateVehicleMutation } from '../api/update-vehicle';

const c = copy.vehiclesAdmin;
const v = copy.vehicles;

/** A year as typed: the API's rule and message once it is a whole number ("abc" is "Enter the year"). */
const yearText = z.string().trim().regex(/^\d+$/, v.yearRequired).transform(Number).pipe(vehicleYearSchema);

/** The API's rules (`vehicleInputSchema`), on the text the inputs hold. */
const vehicleFormSchema = z
  .object({
    make: vehicleInputSchema.shape.make,
    model: vehicleInputSchema.shape.model,
    engine: vehicleInputSchema.shape.engine,
    yearFrom: yearText,
    yearTo: yearText,
  })
  .superRefine((years, ctx) => {
    if (years.yearTo < years.yearFrom) ctx.addIssue({ code: 'custom', path: ['yearTo'], message: v.yearsBackwards });
  });
type VehicleFormText = z.input<typeof vehicleFormSchema>;
type VehicleFormValues = z.output<typeof vehicleFormSchema>;

const FIELDS = ['make', 'model', 'engine', 'yearFrom', 'yearTo'] as const;
const EMPTY: VehicleFormText = { make: '', model: '', engine: '', yearFrom: '', yearTo: '' };

function textOf(vehicle: Vehicle): VehicleFormText {
  return {
    make: vehicle.make,
    model: vehicle.model,
    engine: vehicle.engine,
    yearFrom: String(vehicle.yearFrom),
    yearTo: String(vehicle.yearTo),
  };
}

interface VehicleFormProps {
  /** The vehicle to change; without it the form adds one. */
  vehicle?: Vehicle;
  /** After a successful change (the dialog closes). */
  onSaved?: () => void;
}

/**
 * Adds a vehicle or changes one: make, model, engine, first and last year. The browser checks the
 * API's rules with its messages; the server's refusals (the same vehicle twice, years that would leave
 * parts' fitments outside them) show under their field, or under the form.
 */
export function VehicleForm({ vehicle, onSaved }: VehicleFormProps) {
  const form = useForm<VehicleFormText, unknown, VehicleFormValues>({
    resolver: zodResolver(vehicleFormSchema),
    defaultValues: vehicle ? textOf(vehicle) : EMPTY,
  });
  const create = useCreateVehicleMutation();
  const update = useUpdateVehicleMutation();
  const [refusal, setRefusal] = useState<string>();
  const { errors } = form.formState;

  const onError = (error: Error) => {
    // A server fault is the cache's "Something went wrong"; everything typed stays.
    if (!(error instanceof ApiError) || error.isServerFault) return;
    const named = Object.keys(error.fieldErrors).some((field) => (FIELDS as readonly string[]).includes(field));
    if (named) applyServerFieldErrors(error, form.setError, FIELDS);
    else setRefusal(error.message);
  };

  const save = (values: VehicleFormValues) => {
    setRefusal(undefined);
    if (!vehicle) {
      create.mutate(values, {
        onSuccess: () => {
          toast.success(c.added);
          form.reset(EMPTY);
        },
        onError,
      });
      return;
    }
    update.mutate(
      { id: vehicle.id, changes: values },
      {
        onSuccess: () => {
          toast.success(c.saved);
          onSaved?.();
        },
        onError,
      },
    );
  };

  const busy = create.isPending || update.isPending;
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(save)(event)} className="grid gap-5">
      <div className="grid gap-5 sm:grid-cols-3">
        <InputField
          label={c.make}
          autoComplete="off"
          placeholder="Ford"
          error={errors.make?.message}
          {...form.register('make')}
        />
        <InputField
          label={c.model}
          autoComplete="off"
          placeholder="Focus"
          error={errors.model?.message}
          {...form.register('model')}
        />
        <InputField
          label={c.engine}
          autoComplete="off"
          placeholder="1.6 Ti-VCT 92 kW"
          error={errors.engine?.message}
          {...form.register('engine')}
        />
      </div>
      <div className="grid grid-cols-2 gap-5 sm:max-w-md">
        <InputField
          label={c.yearFrom}
          inputMode="numeric"
          autoComplete="off"
          placeholder="2011"
          error={errors.yearFrom?.message}
          {...form.register('yearFrom')}
        />
        <InputField
          label={c.yearTo}
          inputMode="numeric"
          autoComplete="off"
          placeholder="2018"
          error={errors.yearTo?.message}
          {...form.register('yearTo')}
        />
      </div>
      <div>
        <button type="submit" className="btn btn-primary btn-lg min-w-32" disabled={busy}>
          {busy ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {vehicle ? c.save : c.add}
        </button>
        <FormError message={refusal} className="mt-3" />
      </div>
    </form>
  );
}
