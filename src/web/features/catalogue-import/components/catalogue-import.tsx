import { type ReactNode, type RefObject, useId, useRef, useState } from 'react';
import * as copy from '#shared/copy';
import {
  type AcesImportReport,
  type ImportLineError,
  MAX_ACES_FILE_BYTES,
  MAX_VCDB_FILE_BYTES,
  type VcdbLoad,
} from '#shared/schemas/catalogue-import';
import { type CatalogueCsvKind, type CatalogueCsvReport, MAX_CATALOGUE_CSV_BYTES } from '#shared/schemas/catalogue-exchange';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useImportAcesMutation } from '../api/import-aces';
import { CATALOGUE_CSV_URL, FITMENTS_CSV_URL, useImportCatalogueCsvMutation } from '../api/import-catalogue-csv';
import { useLoadVcdbMutation } from '../api/load-vcdb';

const c = copy.catalogueImport;
const x = copy.catalogueExchange;
const MB = 1024 * 1024;

/** The sample files the demo ships, in the web app's public folder. */
export const SAMPLE_VCDB_URL = '/samples/vcdb-demo-vehicles.csv';
export const SAMPLE_ACES_URL = '/samples/aces-demo-fitments.xml';

/** The file chosen in an input, or the message to show under it: none chosen, or over the server's limit. */
function chosenFile(input: HTMLInputElement | null, maxBytes: number): { file: File } | { error: string } {
  const file = input?.files?.[0];
  if (!file) return { error: c.chooseFile };
  if (file.size > maxBytes) return { error: c.fileTooLarge(maxBytes / MB) };
  return { file };
}

/** What a refused request says under the file: the field's message, or the problem's. */
function fileErrorOf(error: unknown): string | undefined {
  if (error instanceof ApiError && !error.isServerFault) return error.fieldErrors.file ?? error.message;
  return undefined;
}

interface FileFieldProps {
  id: string;
  label: string;
  accept: string;
  error: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
  /** A new file chosen: what was said about the last one no longer holds. */
  onChange?: () => void;
}

function FileField({ id, label, accept, error, inputRef, onChange }: FileFieldProps) {
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="mb-1 block font-semibold text-slate-800">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={accept}
        onChange={onChange}
        className={`file-input w-full bg-white ${error ? 'file-input-error' : ''}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <p id={`${id}-error`} className="mt-1 text-sm font-medium text-error empty:hidden" role="alert">
        {error}
      </p>
    </div>
  );
}

/** Every refused line of a file, each with its number. */
function LineErrors({ title, lines }: { title: string; lines: readonly ImportLineError[] }) {
  const titleId = useId();
  return (
    <div role="alert" aria-labelledby={titleId} className="rounded-lg border border-red-200 bg-red-50 p-4">
      <p id={titleId} className="font-semibold text-red-800">
        {title}
      </p>
      <ul className="mt-2 max-h-72 space-y-1 overflow-y-auto text-sm text-red-900">
        {lines.map((line, index) => (
          <li key={`${line.line}-${index}`} className="break-words">
            <span className="font-semibold">{c.lineLabel(line.line)}:</span> {line.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

function Section({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h3 id={titleId} className="text-lg font-bold text-slate-900">
        {title}
      </h3>
      <p className="text-sm text-slate-600">{text}</p>
      {children}
    </section>
  );
}

function VcdbSection() {
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const load = useLoadVcdbMutation();
  const [result, setResult] = useState<VcdbLoad | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();

  const send = () => {
    setResult(null);
    const chosen = chosenFile(input.current, MAX_VCDB_FILE_BYTES);
    if ('error' in chosen) {
      setFileError(chosen.error);
      return;
    }
    setFileError(undefined);
    load.mutate(chosen.file, {
      onSuccess: (answer) => {
        setResult(answer);
        toast.success(c.vcdbResult(answer.matched));
      },
      onError: (error) => setFileError(fileErrorOf(error)),
    });
  };

  return (
    <Section title={c.vcdbTitle} text={c.vcdbText}>
      <form
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <FileField id={fileId} label={c.vcdbFile} accept=".csv,text/csv" error={fileError} inputRef={input} />
        <button type="submit" className="btn btn-primary sm:mt-7" disabled={load.isPending}>
          {load.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {load.isPending ? c.vcdbLoading : c.vcdbLoad}
        </button>
      </form>
      {result ? (
        <div className="space-y-3">
          <p role="status" className="font-semibold text-emerald-800">
            {c.vcdbResult(result.matched)}
          </p>
          {result.unmatched.length > 0 ? (
            <LineErrors title={c.vcdbUnmatched(result.unmatched.length)} lines={result.unmatched} />
          ) : null}
        </div>
      ) : null}
    </Section>
  );
}

/** A file checked and then applied: an ACES file, or one of the catalogue's CSV files. */
type ImportKind = 'aces' | CatalogueCsvKind;

/** A catalogue CSV file's section: its buttons say which file, as the page has two of each. */
function csvKind(what: CatalogueCsvKind, title: string, label: string) {
  return {
    title,
    text: x.checkFirst,
    label,
    accept: '.csv,text/csv',
    maxBytes: MAX_CATALOGUE_CSV_BYTES,
    checkFirst: true,
    check: x.check(what),
    apply: x.apply(what),
    applying: x.applying,
    applied: x.applied,
    checkedOk: x.checkedOk,
  };
}

/** What a file's section says and takes, by kind. */
const importKinds: Record<
  ImportKind,
  {
    title: string;
    text: string;
    label: string;
    accept: string;
    maxBytes: number;
    /** Apply only once the chosen file was checked free of errors. */
    checkFirst: boolean;
    check: string;
    apply: string;
    applying: string;
    applied: string;
    checkedOk: string;
  }
> = {
  aces: {
    title: c.acesTitle,
    text: c.acesText,
    label: c.acesFile,
    accept: '.xml,application/xml,text/xml',
    maxBytes: MAX_ACES_FILE_BYTES,
    checkFirst: false,
    check: c.check,
    apply: c.import,
    applying: c.importing,
    applied: c.imported,
    checkedOk: c.checkedOk,
  },
  parts: csvKind('parts', x.partsTitle, x.partsFile),
  fitments: csvKind('fitments', x.fitmentsTitle, x.fitmentsFile),
};

/**
 * A file's Check and Apply: the server answers what it would add, change and leave, or every error by
 * line. A CSV file is applied only once checked (the server checks it again and writes it in one
 * transaction); a new file takes what was said about the last one back.
 */
function ImportSection({ kind }: { kind: ImportKind }) {
  const settings = importKinds[kind];
  const fileId = useId();
  const input = useRef<HTMLInputElement>(null);
  const aces = useImportAcesMutation();
  const csv = useImportCatalogueCsvMutation();
  const mutation = kind === 'aces' ? aces : csv;
  const [report, setReport] = useState<{ applied: boolean; report: AcesImportReport | CatalogueCsvReport } | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const checked = report !== null && !report.applied && report.report.ok;

  const send = (apply: boolean) => {
    setReport(null);
    const chosen = chosenFile(input.current, settings.maxBytes);
    if ('error' in chosen) {
      setFileError(chosen.error);
      return;
    }
    setFileError(undefined);
    const handlers = {
      onSuccess: (answer: AcesImportReport | CatalogueCsvReport) => {
        setReport({ applied: apply, report: answer });
        if (apply && answer.ok) toast.success(`${settings.applied} ${c.counts(answer.added, answer.changed, answer.unchanged)}`);
      },
      onError: (error: unknown) => setFileError(fileErrorOf(error)),
    };
    if (kind === 'aces') aces.mutate({ file: chosen.file, apply }, handlers);
    else csv.mutate({ kind, file: chosen.file, apply }, handlers);
  };
  const pending = mutation.isPending ? mutation.variables?.apply : undefined;

  return (
    <Section title={settings.title} text={settings.text}>
      <form
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-start"
        onSubmit={(event) => {
          event.preventDefault();
          send(false);
        }}
      >
        <FileField
          id={fileId}
          label={settings.label}
          accept={settings.accept}
          error={fileError}
          inputRef={input}
          onChange={() => {
            setReport(null);
            setFileError(undefined);
          }}
        />
        <div className="flex gap-2 sm:mt-7">
          <button type="submit" className="btn btn-outline flex-1 sm:flex-none" disabled={mutation.isPending}>
            {pending === false ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {pending === false ? c.checking : settings.check}
          </button>
          <button
            type="button"
            className="btn btn-primary flex-1 sm:flex-none"
            disabled={mutation.isPending || (settings.checkFirst && !checked)}
            onClick={() => send(true)}
          >
            {pending === true ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {pending === true ? settings.applying : settings.apply}
          </button>
        </div>
      </form>
      {report ? (
        report.report.ok ? (
          <p role="status" className="font-semibold text-emerald-800">
            {report.applied ? settings.applied : settings.checkedOk}{' '}
            <span className="tabular-nums">{c.counts(report.report.added, report.report.changed, report.report.unchanged)}</span>
          </p>
        ) : (
          <LineErrors title={c.notImported(report.report.errors.length)} lines={report.report.errors} />
        )
      ) : null}
    </Section>
  );
}

/** The whole catalogue as two CSV files: their downloads, and an import of each. */
function CatalogueCsv() {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="space-y-4">
      <h3 id={titleId} className="text-lg font-bold text-slate-900">
        {x.title}
      </h3>
      <p className="text-sm text-slate-600">{x.intro}</p>
      <ul className="flex flex-col gap-2 sm:flex-row sm:gap-4">
        <li>
          <a className="btn btn-outline btn-sm" href={CATALOGUE_CSV_URL} download>
            {x.downloadParts}
          </a>
        </li>
        <li>
          <a className="btn btn-outline btn-sm" href={FITMENTS_CSV_URL} download>
            {x.downloadFitments}
          </a>
        </li>
      </ul>
      <ImportSection kind="parts" />
      <ImportSection kind="fitments" />
    </section>
  );
}

/** The admin's catalogue import: base vehicles from a VCdb extract, then fitments from ACES files. */
export function CatalogueImport() {
  return (
    <div className="space-y-6">
      <p className="text-slate-700">{c.intro}</p>
      <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
        <h3 className="font-semibold text-slate-900">{c.samples}</h3>
        <ul className="mt-2 space-y-1 text-sm">
          <li>
            <a className="link link-primary" href={SAMPLE_VCDB_URL} download>
              {c.sampleVcdb}
            </a>
          </li>
          <li>
            <a className="link link-primary" href={SAMPLE_ACES_URL} download>
              {c.sampleAces}
            </a>
          </li>
        </ul>
      </div>
      <VcdbSection />
      <ImportSection kind="aces" />
      <CatalogueCsv />
    </div>
  );
}
