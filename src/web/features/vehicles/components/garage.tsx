import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import { type GarageVehicle, garageVehicleInputSchema, MAX_GARAGE_VEHICLES } from '#shared/schemas/vehicles';
import { vehicleName } from '#shared/vehicle-names';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormError, InputField } from '../../../components/form-field';
import { SectionError } from '../../../components/section-error';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAddGarageVehicleMutation } from '../api/add-garage-vehicle';
import { useGarageQuery } from '../api/get-garage';
import { useRemoveGarageVehicleMutation } from '../api/remove-garage-vehicle';
import { type VehicleChoice, type VehicleChoiceErrors, VehiclePicker } from './vehicle-picker';

const g = copy.garagePage;

/** The parts list filtered by a saved vehicle in its year (docs/shop-rules.md, "Finding parts"). */
export function partsFittingHref(vehicleId: string, year: number): string {
  return `${paths.parts}?${new URLSearchParams({ vehicle: vehicleId, year: String(year) }).toString()}`;
}

/** How a saved vehicle is called: its nickname, else the vehicle's name. */
function titleOf(saved: GarageVehicle): string {
  return saved.nickname || vehicleName(saved.vehicle);
}

interface GarageFormErrors extends VehicleChoiceErrors {
  nickname?: string;
}

/** The form's fields by the API's names; anything else a refusal names is said under the form. */
function errorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): GarageFormErrors {
  const errors: GarageFormErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (field === 'vehicleId' || field === 'year' || field === 'nickname') errors[field] ??= issue.message;
  }
  return errors;
}

/**
 * Saves a vehicle to the garage: make, model and year (all required here, in the vehicle picker) and
 * an optional nickname. The browser checks the API's rules (and a full garage); the server's refusals
 * (a year the vehicle was not built, a full garage) show next to their field or under the form.
 */
function GarageForm({ full }: { full: boolean }) {
  const [choice, setChoice] = useState<VehicleChoice>({});
  const [nickname, setNickname] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [errors, setErrors] = useState<GarageFormErrors>({});
  const [refusal, setRefusal] = useState<string>();
  const add = useAddGarageVehicleMutation();

  const check = (next: VehicleChoice, nextNickname: string) =>
    garageVehicleInputSchema.safeParse({ vehicleId: next.vehicleId ?? '', year: next.year, nickname: nextNickname });

  // After the first try, each change is checked again, as the other forms do.
  const recheck = (next: VehicleChoice, nextNickname: string) => {
    if (!submitted) return;
    const result = check(next, nextNickname);
    setErrors(result.success ? {} : errorsOf(result.error.issues));
    setRefusal(undefined);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setRefusal(undefined);
    const result = check(choice, nickname);
    if (!result.success) {
      setErrors(errorsOf(result.error.issues));
      return;
    }
    setErrors({});
    if (full) {
      setRefusal(copy.garage.full(MAX_GARAGE_VEHICLES));
      return;
    }
    add.mutate(result.data, {
      onSuccess: () => {
        toast.success(g.saved);
        setChoice({});
        setNickname('');
        setSubmitted(false);
      },
      onError: (error) => {
        // A server fault is the cache's "Something went wrong"; everything chosen stays.
        if (!(error instanceof ApiError) || error.isServerFault) return;
        const named = errorsOf(Object.entries(error.fieldErrors).map(([field, message]) => ({ path: [field], message })));
        if (Object.keys(named).length > 0) setErrors(named);
        else setRefusal(error.message);
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-5">
      <VehiclePicker
        value={choice}
        onChange={(next) => {
          setChoice(next);
          recheck(next, nickname);
        }}
        legend={g.legend}
        required
        errors={errors}
        findByVin
      />
      <InputField
        label={g.nickname}
        autoComplete="off"
        placeholder={g.nicknamePlaceholder}
        value={nickname}
        error={errors.nickname}
        className="sm:max-w-sm"
        onChange={(event) => {
          setNickname(event.target.value);
          recheck(choice, event.target.value);
        }}
      />
      <div>
        <button type="submit" className="btn btn-primary btn-lg" disabled={add.isPending}>
          {add.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {g.save}
        </button>
        <FormError message={refusal} className="mt-3" />
      </div>
    </form>
  );
}

/**
 * My garage (docs/shop-rules.md, "Finding parts"): the customer's saved vehicles, each with "Show
 * parts that fit" (the parts list filtered by it in its year) and "Remove" (after "Are you sure?"),
 * and the form that saves one more.
 */
export function MyGarage() {
  const garage = useGarageQuery();
  const remove = useRemoveGarageVehicleMutation();
  const [removing, setRemoving] = useState<GarageVehicle | null>(null);
  // What the dialog shows stays while it closes.
  const [shown, setShown] = useState<GarageVehicle | null>(null);
  const addTitleId = useId();
  const listTitleId = useId();
  const items = garage.data?.items ?? [];

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => toast.success(g.removed),
      onSettled: () => setRemoving(null),
    });
  };

  return (
    <>
      <section aria-labelledby={listTitleId}>
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 id={listTitleId} className="text-lg font-bold text-slate-900">
            {g.title}
          </h3>
          <p role="status" className="min-h-6 text-sm font-semibold text-slate-700">
            {garage.data ? g.total(items.length, MAX_GARAGE_VEHICLES) : null}
          </p>
        </div>
        <div className="mt-4">
          {garage.isPending ? (
            <Spinner className="py-10" />
          ) : garage.isError ? (
            <SectionError onRetry={() => void garage.refetch()} message={copy.common.somethingWrong} />
          ) : items.length === 0 ? (
            <p className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center font-semibold text-slate-700">
              {g.empty}
            </p>
          ) : (
            <ul className="grid gap-4 md:grid-cols-2">
              {items.map((saved) => {
                const title = titleOf(saved);
                return (
                  <li
                    key={saved.id}
                    data-testid="garage-vehicle"
                    className="flex flex-col gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
                  >
                    <div className="min-w-0">
                      <p className="text-lg font-bold break-words text-slate-900">{title}</p>
                      {saved.nickname ? <p className="mt-0.5 break-words text-slate-700">{vehicleName(saved.vehicle)}</p> : null}
                      <p className="mt-0.5 text-slate-700 tabular-nums">{g.year(saved.year)}</p>
                    </div>
                    <div className="mt-auto flex flex-wrap gap-3">
                      <Link
                        to={partsFittingHref(saved.vehicleId, saved.year)}
                        className="btn btn-primary"
                        aria-label={g.showPartsOf(title)}
                      >
                        {g.showParts}
                      </Link>
                      <button
                        type="button"
                        className="btn btn-outline btn-error"
                        aria-label={g.removeOf(title)}
                        onClick={() => {
                          setRemoving(saved);
                          setShown(saved);
                        }}
                      >
                        {g.remove}
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </section>
      <section aria-labelledby={addTitleId} className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h3 id={addTitleId} className="text-lg font-bold text-slate-900">
          {g.addTitle}
        </h3>
        <p className="mt-1 mb-6 text-slate-600">{g.addText}</p>
        <GarageForm full={items.length >= MAX_GARAGE_VEHICLES} />
      </section>
      <ConfirmDialog
        open={removing !== null}
        pending={remove.isPending}
        confirmLabel={g.confirmRemoveYes}
        cancelLabel={g.keep}
        onConfirm={confirmRemove}
        onCancel={() => setRemoving(null)}
      >
        {shown ? <p>{g.confirmRemove(titleOf(shown))}</p> : null}
      </ConfirmDialog>
    </>
  );
}
