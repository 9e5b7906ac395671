import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from 'react-router';
import * as copy from '#shared/copy';
import type { CartImportResult, ImportFormat } from '#shared/schemas/cart';
import { ApiError } from '../../../lib/api-client';
import { useImportToCartMutation } from '../api/import-to-cart';
import { boxAfterAnswer, readCsvFile, textProblem } from '../lib/quick-order-text';

const q = copy.quickOrderPage;
const rules = copy.quickOrder;

interface QuickOrderFormProps {
  /** The cart page, linked once parts went in. */
  cartHref: string;
}

interface Answer extends Pick<CartImportResult, 'added' | 'rejected' | 'cart'> {
  /** The line of the box each refused line is on now (the box holds only those, renumbered). */
  boxLines: number[];
  /** The file the text sent was, as read: its refused lines are named by their lines in it too. */
  file: string | null;
}

function Answers({ answer, cartHref, headingId }: { answer: Answer; cartHref: string; headingId: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // A new answer is announced by taking the reader there: it can be long, too long for a live region.
  useEffect(() => heading.current?.focus(), [answer]);
  const nameOf = (sku: string) => answer.cart.lines.find((line) => line.sku === sku)?.name;

  return (
    <section aria-labelledby={headingId} data-testid="quick-order-answers">
      <h3 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-bold text-slate-900">
        {q.answersTitle}
      </h3>
      {answer.added.length > 0 ? (
        <div className="mt-4">
          <h4 className="font-semibold text-emerald-800">{q.addedTitle(answer.added.length)}</h4>
          <ul className="mt-2 space-y-2" data-testid="quick-order-added">
            {answer.added.map((line) => (
              <li key={line.sku} className="rounded-lg border-l-4 border-emerald-600 bg-emerald-50 px-3 py-2 text-sm">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-mono font-semibold text-slate-900">{line.sku}</span>
                  {nameOf(line.sku) ? <span className="text-slate-700">{nameOf(line.sku)}</span> : null}
                  <span className="ml-auto font-semibold text-emerald-900 tabular-nums">{q.added(line.quantity)}</span>
                </p>
                {line.merged ? <p className="mt-0.5 text-slate-700">{rules.merged(line.merged)}</p> : null}
                {line.message ? (
                  <p className="mt-0.5 text-slate-700" data-testid="quick-order-replaced">
                    {line.message}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
          <Link to={cartHref} className="btn btn-primary mt-4">
            {q.goToCart}
          </Link>
        </div>
      ) : null}
      {answer.rejected.length > 0 ? (
        <div className="mt-6">
          <h4 className="font-semibold text-red-800">{q.rejectedTitle(answer.rejected.length)}</h4>
          <ul className="mt-2 space-y-2" data-testid="quick-order-rejected">
            {/* Each line is named by what it says, then where it is now: in the box, and in its file. */}
            {answer.rejected.map((line, index) => (
              <li key={line.line} className="rounded-lg border-l-4 border-red-600 bg-red-50 px-3 py-2 text-sm">
                <p className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
                  <code className="font-mono font-semibold break-words whitespace-pre-wrap text-slate-900">{line.text}</code>
                  <span className="text-xs text-slate-700">
                    {answer.boxLines[index] === undefined ? null : q.lineInBox(answer.boxLines[index])}
                    {answer.file ? `, ${q.lineInFile(line.line, answer.file)}` : null}
                  </span>
                </p>
                <p className="mt-0.5 font-medium text-red-800">{line.message}</p>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/**
 * Quick order: part numbers and quantities pasted into a box, or a CSV file read into it, sent to the
 * cart in one go. The server reads each line and answers it; the lines it refused stay in the box to be
 * fixed, the others leave it. The browser checks only the text as a whole (empty, too long, a CSV
 * whose header row was taken out, a file that is not UTF-8), so that such a text is never sent. A file
 * whose first row names no columns goes to the box as pasted lines, with a note of what was expected.
 */
export function QuickOrderForm({ cartHref }: QuickOrderFormProps) {
  const id = useId();
  const textId = `${id}-text`;
  const fileId = `${id}-file`;
  const [text, setText] = useState('');
  const [format, setFormat] = useState<ImportFormat>('lines');
  const [fileName, setFileName] = useState<string | null>(null);
  // The chosen file's text as read, and whether its first row named its columns.
  const [fileText, setFileText] = useState<string | null>(null);
  const [fileHeader, setFileHeader] = useState(true);
  // The file input is rendered again (emptied) once its text has gone.
  const [fileKey, setFileKey] = useState(0);
  const [submitted, setSubmitted] = useState(false);
  const [textError, setTextError] = useState<string>();
  const [fileError, setFileError] = useState<string>();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const importing = useImportToCartMutation();

  const forgetFile = () => {
    setFormat('lines');
    setFileName(null);
    setFileText(null);
    setFileKey((key) => key + 1);
  };

  const changeText = (next: string) => {
    setText(next);
    if (next.trim() === '' && format === 'csv') forgetFile();
    // After the first submit every change checks again (docs/shop-rules.md, "Forms, rules and messages").
    if (submitted) setTextError(textProblem(next, next.trim() === '' ? 'lines' : format));
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    let reading: ReturnType<typeof readCsvFile>;
    try {
      reading = readCsvFile(await file.arrayBuffer());
    } catch {
      reading = { problem: copy.common.somethingWrong };
    }
    if ('problem' in reading) {
      setFileError(reading.problem);
      return;
    }
    setFileError(undefined);
    setText(reading.text);
    // A file without a header row goes to the box as pasted lines, read as part number then quantity.
    setFormat(reading.header ? 'csv' : 'lines');
    setFileName(file.name);
    setFileText(reading.text);
    setFileHeader(reading.header);
    setTextError(undefined);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (importing.isPending) return;
    setSubmitted(true);
    const problem = textProblem(text, format);
    setTextError(problem);
    if (problem) {
      textArea.current?.focus();
      return;
    }
    const sent = text;
    const file = fileName !== null && sent === fileText ? fileName : null;
    importing.mutate(
      { text, format },
      {
        onSuccess: (result) => {
          const box = boxAfterAnswer(result.rejected, sent);
          setText(box.text);
          if (box.text === '') forgetFile();
          setSubmitted(false);
          setAnswer({ ...result, boxLines: box.lines, file });
        },
        onError: (error) => {
          const message = error instanceof ApiError ? error.fieldErrors.text : undefined;
          if (message) {
            setTextError(message);
            textArea.current?.focus();
          }
        },
      },
    );
  };

  // While the box is refused, its description is the reason (as every field of the shop's forms has it).
  const textDescribedBy = textError
    ? `${textId}-error`
    : [`${textId}-hint`, fileName ? `${textId}-file` : null].filter(Boolean).join(' ');

  return (
    <div className="grid gap-8 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
      <form noValidate onSubmit={submit} className="grid content-start gap-5" aria-label={copy.dashboard.quickOrder}>
        <div>
          <label htmlFor={textId} className="mb-1.5 block text-sm font-semibold text-slate-800">
            {q.textLabel}
          </label>
          <p id={`${textId}-hint`} className="mb-2 text-sm text-slate-600">
            {q.textHint}
          </p>
          <textarea
            ref={textArea}
            id={textId}
            name="text"
            rows={10}
            spellCheck={false}
            autoCapitalize="characters"
            placeholder={'GH-BRK-1042 48\nGH-FLT-0980 24'}
            value={text}
            onChange={(event) => changeText(event.target.value)}
            aria-invalid={textError ? true : undefined}
            aria-describedby={textDescribedBy}
            className={`textarea w-full bg-white font-mono text-base text-slate-900 ${textError ? 'textarea-error' : ''}`}
          />
          {textError ? (
            <p id={`${textId}-error`} className="mt-1.5 text-sm font-medium text-error">
              {textError}
            </p>
          ) : null}
          {fileName ? (
            <p
              id={`${textId}-file`}
              className={`mt-1.5 text-sm ${fileHeader ? 'text-slate-700' : 'rounded-md bg-amber-50 px-3 py-2 font-medium text-amber-900 ring-1 ring-amber-300'}`}
            >
              {fileHeader ? q.fileRead(fileName) : q.fileWithoutHeader(fileName)}
            </p>
          ) : null}
        </div>
        <div>
          <label htmlFor={fileId} className="mb-1.5 block text-sm font-semibold text-slate-800">
            {q.fileLabel}
          </label>
          <input
            key={fileKey}
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => void chooseFile(event)}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? `${fileId}-error` : `${fileId}-hint`}
            className={`file-input w-full max-w-md bg-white text-base text-slate-900 ${fileError ? 'file-input-error' : ''}`}
          />
          {fileError ? (
            <p id={`${fileId}-error`} className="mt-1.5 text-sm font-medium text-error">
              {fileError}
            </p>
          ) : (
            <p id={`${fileId}-hint`} className="mt-1.5 text-sm text-slate-600">
              {q.fileHint}
            </p>
          )}
        </div>
        <div>
          <button type="submit" className="btn btn-primary btn-lg" aria-disabled={importing.isPending || undefined}>
            {importing.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            {q.submit}
          </button>
        </div>
      </form>
      {answer ? <Answers answer={answer} cartHref={cartHref} headingId={`${id}-answers`} /> : null}
    </div>
  );
}
