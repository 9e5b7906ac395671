import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import * as copy from '#shared/copy';
import { canonicalPageQuery } from '#shared/page-search';
import { paths } from '#shared/paths';
import { withReturnPath } from '#shared/return-path';
import { trimTrailingSlashes } from '#shared/routes';
import { MAX_GARAGE_VEHICLES, MAX_NICKNAME_LENGTH } from '#shared/schemas/garage-limits';
import type { GarageVehicle, Vehicle } from '#shared/schemas/vehicles';
import { InputField } from '../../../components/form-field';
import { CheckBadgeIcon } from '../../../components/icons';
import { ApiError } from '../../../lib/api-client';
import { useAddGarageVehicleMutation } from '../api/add-garage-vehicle';
import { useGarageQuery } from '../api/get-garage';
import { useVehicle, vehicleQueryOptions } from '../api/get-vehicles';
import { useGarageAccess } from '../lib/garage-access';
import { type VehicleChoice, VehiclePicker } from './vehicle-picker';

const c = copy.vehiclePicker;

/** The saved vehicles that are the chosen vehicle in the chosen year (a fleet may hold several). */
function savedAs(items: readonly GarageVehicle[], vehicleId: string, year: number): GarageVehicle[] {
  return items.filter((saved) => saved.vehicleId === vehicleId && saved.year === year);
}

/** The customer's saved vehicles above the selects, each choosing its vehicle and year in one press. */
function GarageShortcuts({
  items,
  value,
  onPick,
}: {
  items: readonly GarageVehicle[];
  value: VehicleChoice;
  onPick: (saved: GarageVehicle) => void;
}) {
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId} className="mb-4">
      <p id={labelId} className="mb-1.5 text-sm font-semibold text-slate-800">
        {c.myGarage}
      </p>
      {/*
        One row on a phone, scrolling from edge to edge of the card (its padding is 1.25rem there), so that
        a fleet's twenty vehicles do not push the selects off the screen; wrapped from sm on.
      */}
      <ul className="-mx-5 flex gap-2 overflow-x-auto px-5 py-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
        {items.map((saved) => (
          <li key={saved.id} className="shrink-0">
            <button
              type="button"
              aria-pressed={saved.vehicleId === value.vehicleId && saved.year === value.year}
              onClick={() => onPick(saved)}
              className="flex min-h-11 flex-col items-start rounded-xl bg-white px-3 py-1.5 text-left text-sm text-slate-900 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-pressed:bg-slate-900 aria-pressed:text-white aria-pressed:ring-slate-900"
            >
              <span className="font-semibold">
                {c.savedVehicle(`${saved.vehicle.make} ${saved.vehicle.model}`, saved.year, saved.nickname)}
              </span>
              <span className="text-xs opacity-80">{saved.vehicle.engine}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * "Save to My garage" for the chosen vehicle and year, with an optional nickname; "In your garage" once
 * it is saved. The browser checks the nickname's length and a full garage; the server's refusals show
 * next to the button (a full garage) or under the nickname.
 */
function SaveToGarage({ vehicle, year, items }: { vehicle: Vehicle; year: number; items: readonly GarageVehicle[] }) {
  const add = useAddGarageVehicleMutation();
  const [nickname, setNickname] = useState('');
  const [nicknameError, setNicknameError] = useState<string>();
  const [refusal, setRefusal] = useState<string>();
  // A full garage: the way to make room goes with the message.
  const [full, setFull] = useState(false);
  const refusalId = useId();
  const statusRef = useRef<HTMLParagraphElement>(null);
  // The button goes once the vehicle is saved: the focus moves to what says so.
  const focusStatus = useRef(false);
  const saved = savedAs(items, vehicle.id, year);
  const inGarage = saved.length > 0;

  useEffect(() => {
    if (!inGarage || !focusStatus.current) return;
    focusStatus.current = false;
    statusRef.current?.focus();
  }, [inGarage]);

  if (inGarage) {
    return (
      <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-slate-200 pt-5">
        <p
          ref={statusRef}
          role="status"
          tabIndex={-1}
          className="inline-flex items-center gap-2 font-semibold text-emerald-800 outline-none"
        >
          <CheckBadgeIcon className="h-5 w-5 shrink-0" />
          {c.inGarage(saved.map((item) => item.nickname).filter(Boolean))}
        </p>
        <Link to={paths.garage} className="link-brand text-sm font-semibold">
          {c.openGarage}
        </Link>
      </div>
    );
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setRefusal(undefined);
    setFull(false);
    const name = nickname.trim();
    if (name.length > MAX_NICKNAME_LENGTH) {
      setNicknameError(copy.garage.nicknameTooLong(MAX_NICKNAME_LENGTH));
      return;
    }
    setNicknameError(undefined);
    if (items.length >= MAX_GARAGE_VEHICLES) {
      setRefusal(copy.garage.full(MAX_GARAGE_VEHICLES));
      setFull(true);
      return;
    }
    add.mutate(
      { vehicleId: vehicle.id, year, nickname: name },
      {
        onSuccess: () => {
          focusStatus.current = true;
        },
        onError: (error) => {
          // A server fault is the cache's "Something went wrong".
          if (!(error instanceof ApiError) || error.isServerFault) return;
          const { nickname: nicknameRefusal, year: yearRefusal, vehicleId: vehicleRefusal } = error.fieldErrors;
          if (nicknameRefusal) setNicknameError(nicknameRefusal);
          else setRefusal(yearRefusal ?? vehicleRefusal ?? error.message);
          // The one conflict a save meets: the garage filled up elsewhere.
          setFull(error.code === 'conflict');
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="mt-5 border-t border-slate-200 pt-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <InputField
          label={c.nickname}
          autoComplete="off"
          placeholder={c.nicknamePlaceholder}
          value={nickname}
          error={nicknameError}
          className="sm:w-72"
          onChange={(event) => {
            setNickname(event.target.value);
            setNicknameError(undefined);
          }}
        />
        {/* Level with the input, under the label's line. */}
        <button
          type="submit"
          className="btn btn-primary btn-lg sm:mt-[1.625rem]"
          disabled={add.isPending}
          aria-describedby={refusal ? refusalId : undefined}
        >
          {add.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {c.saveToGarage}
        </button>
      </div>
      <p id={refusalId} role="alert" className="mt-2 text-sm font-medium text-error empty:hidden">
        {refusal}
      </p>
      {full ? (
        <Link to={paths.garage} className="link-brand mt-1 inline-block text-sm">
          {c.openGarage}
        </Link>
      ) : null}
    </form>
  );
}

/**
 * Signing in, then back to this list: its query as the page reads it, which is also how the server
 * draws the link for a visitor (docs/decisions/0013-server-rendering.md), so both draw the same.
 */
function signInHref({ pathname, search }: { pathname: string; search: string }): string {
  const here = trimTrailingSlashes(pathname);
  const query = canonicalPageQuery(here, new URLSearchParams(search));
  return withReturnPath(paths.login, query ? `${here}?${query}` : here);
}

interface VehicleFilterProps {
  value: VehicleChoice;
  onChange: (next: VehicleChoice) => void;
}

/**
 * The parts list's "Find parts for your vehicle" (docs/shop-rules.md, "Finding parts"): the vehicle
 * picker, with a customer's saved vehicles first (one press filters the list by one) and, once a
 * vehicle and year are chosen, "Save to My garage" (a visitor: a link to sign in and come back here).
 */
export function VehicleFilter({ value, onChange }: VehicleFilterProps) {
  const access = useGarageAccess();
  const location = useLocation();
  const queryClient = useQueryClient();
  const garage = useGarageQuery(access === 'customer');
  // The list's own query for the chosen vehicle (the picker and the cards' "Fits …" name it the same way).
  const chosen = useVehicle(value.vehicleId, value.make);
  const items = access === 'customer' ? (garage.data?.items ?? []) : [];
  const vehicle = chosen.data ?? undefined;
  const year = value.year;
  const canSave = vehicle !== undefined && year !== undefined && year >= vehicle.yearFrom && year <= vehicle.yearTo;

  const pick = (saved: GarageVehicle) => {
    // The garage names its vehicle: nothing needs asking to show its make in the picker.
    queryClient.setQueryData(vehicleQueryOptions(saved.vehicleId).queryKey, saved.vehicle);
    onChange({ make: saved.vehicle.make, vehicleId: saved.vehicleId, year: saved.year });
  };

  return (
    <>
      <VehiclePicker
        value={value}
        onChange={onChange}
        layout="row"
        findByVin
        before={items.length > 0 ? <GarageShortcuts items={items} value={value} onPick={pick} /> : undefined}
      />
      {canSave && access === 'customer' && garage.isSuccess ? (
        <SaveToGarage key={`${vehicle.id}:${year}`} vehicle={vehicle} year={year} items={items} />
      ) : null}
      {canSave && access === 'visitor' ? (
        <p className="mt-5 border-t border-slate-200 pt-5 text-sm">
          <Link to={signInHref(location)} className="link-brand font-semibold">
            {c.signInToSave}
          </Link>
        </p>
      ) : null}
    </>
  );
}
