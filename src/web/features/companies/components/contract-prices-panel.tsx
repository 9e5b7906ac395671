import { useId, useRef, useState } from 'react';
import * as copy from '#shared/copy';
import type { ContractPriceImport } from '#shared/schemas/companies';
import { FormError } from '../../../components/form-field';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useMoney } from '../../../lib/use-money';
import { useContractPricesQuery, useImportContractPricesMutation } from '../api/contract-prices';

const a = copy.companiesAdmin;

/** A company's contract prices: the CSV upload, the report of refused lines, and the current list. */
export function ContractPricesPanel({ companyId }: { companyId: string }) {
  const fileId = useId();
  const reportId = useId();
  const input = useRef<HTMLInputElement>(null);
  const money = useMoney();
  const prices = useContractPricesQuery(companyId);
  const upload = useImportContractPricesMutation();
  const [report, setReport] = useState<ContractPriceImport | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();

  const send = () => {
    const file = input.current?.files?.[0];
    setReport(null);
    if (!file) {
      setFileError(a.pricesChooseFile);
      return;
    }
    setFileError(undefined);
    upload.mutate(
      { companyId, file },
      {
        onSuccess: (result) => {
          setReport(result);
          if (result.rejected.length === 0) toast.success(a.pricesImported(result.imported));
        },
        onError: (error) => {
          if (error instanceof ApiError && !error.isServerFault) setFileError(error.fieldErrors.file ?? error.message);
        },
      },
    );
  };

  const items = prices.data?.items ?? [];
  return (
    <section aria-labelledby={`${fileId}-title`} className="space-y-4">
      <h4 id={`${fileId}-title`} className="text-lg font-bold text-slate-900">
        {a.pricesTitle}
      </h4>
      <p className="text-sm text-slate-600">{a.pricesIntro}</p>
      <form
        noValidate
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <div className="min-w-0 flex-1">
          <label htmlFor={fileId} className="mb-1 block font-semibold text-slate-800">
            {a.pricesFile}
          </label>
          <input
            ref={input}
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            className={`file-input w-full bg-white ${fileError ? 'file-input-error' : ''}`}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${fileId}-error` : undefined}
          />
          <p id={`${fileId}-error`} className="mt-1 text-sm font-medium text-error empty:hidden" role="alert">
            {fileError}
          </p>
        </div>
        <button type="submit" className="btn btn-primary" disabled={upload.isPending}>
          {upload.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          {a.pricesUpload}
        </button>
      </form>
      {report && report.rejected.length > 0 ? (
        <div role="alert" aria-labelledby={reportId} className="rounded-lg border border-red-200 bg-red-50 p-4">
          <p id={reportId} className="font-semibold text-red-800">
            {a.pricesRejected(report.rejected.length)}
          </p>
          <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto text-sm text-red-900">
            {report.rejected.map((line) => (
              <li key={`${line.line}-${line.message}`} className="break-words">
                <span className="font-semibold">{a.pricesLine(line.line)}:</span> {line.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {prices.isError ? <FormError message={copy.common.somethingWrong} /> : null}
      {prices.data ? (
        items.length === 0 ? (
          <p className="text-sm text-slate-600">{a.pricesEmpty}</p>
        ) : (
          <div>
            <p className="text-sm font-semibold text-slate-700">{a.pricesCount(items.length)}</p>
            <div className="mt-2 max-h-80 overflow-auto rounded-lg border border-slate-200">
              <table className="table table-sm">
                <thead>
                  <tr>
                    <th scope="col">{a.pricesSku}</th>
                    <th scope="col">{a.pricesPart}</th>
                    <th scope="col" className="text-right">
                      {a.pricesUnitPrice}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((item) => (
                    <tr key={item.partId}>
                      <td className="font-mono text-xs break-all">{item.sku}</td>
                      <td className="break-words">{item.partName}</td>
                      <td className="text-right tabular-nums">{money(item.unitPriceCents)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )
      ) : null}
    </section>
  );
}
