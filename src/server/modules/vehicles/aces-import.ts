import { SaxesParser } from 'saxes';
import * as copy from '#shared/copy';
import { type ImportLineError, MAX_ACES_APPS } from '#shared/schemas/catalogue-import';
import { MAX_FITMENT_NOTE_LENGTH } from '#shared/schemas/vehicles';
import { AppError } from '../../app-error';

const c = copy.catalogueImport;

/** An App element of an ACES file that reads: a part number fitted to a base vehicle. */
export interface AcesApp {
  /** The line of the file its `<App` starts on. */
  line: number;
  baseVehicleId: number;
  partNumber: string;
  /** Its Note elements, in order, joined with "; "; empty without any. */
  note: string;
  /** The App's Years, when it gives them: the base vehicle's year must be among them. */
  years?: { from: number; to: number };
}

/** What an App may hold besides the vehicle, the part and its Notes; none of it changes which vehicle fits. */
const IGNORED = new Set([
  'PartType',
  'Position',
  'MfrLabel',
  'Mfr',
  'Qty',
  'DisplayOrder',
  'AssetName',
  'AssetItemOrder',
  'AssetItemRef',
]);

function wholeFile(message: string): AppError {
  return new AppError('validation_failed', message, { file: message });
}

/**
 * The file's text: UTF-8 only, which is what ACES files are written in. The body arrives decoded as
 * UTF-8: bytes that were not show as U+FFFD (a UTF-16 file too, from its byte order mark). A file
 * declaring another encoding is refused whole rather than read with wrong letters.
 */
export function acesText(body: string): string {
  if (body.includes('\uFFFD') || body.includes('\u0000')) throw wholeFile(c.notText);
  const text = body.replace(/^\uFEFF/, '');
  const declared = /^<\?xml[^>]*?\bencoding\s*=\s*["']([^"']*)["']/.exec(text)?.[1];
  if (declared !== undefined && !/^(utf-?8|us-ascii)$/i.test(declared)) throw wholeFile(c.encodingNotUtf8(declared));
  return text;
}

/** The App being read, with what it held so far. */
interface OpenApp {
  line: number;
  /** "A" adds; "D" would delete, which a file does not do here. */
  action: string;
  baseVehicleIds: string[];
  years: { from: string; to: string } | undefined;
  parts: string[];
  qty: string | undefined;
  notes: string[];
  unknown: string | undefined;
}

/**
 * Reads an ACES file's App elements (docs/shop-rules.md, "Fitment files in ACES"), each with the line
 * it starts on. A file that is not well-formed XML, or not ACES, is refused whole (400); an App that
 * does not read is answered with its line and why.
 */
export function readAcesApps(text: string): { apps: AcesApp[]; refused: ImportLineError[] } {
  const parser = new SaxesParser({ position: true });
  const apps: AcesApp[] = [];
  const refused: ImportLineError[] = [];
  let depth = 0;
  let appCount = 0;
  let app: OpenApp | undefined;
  /** The App's child whose text is being read (Part, Qty or Note). */
  let reading: { name: string; text: string } | undefined;
  let openTagLine = 1;

  parser.on('opentagstart', () => {
    openTagLine = parser.line;
  });
  parser.on('opentag', (tag) => {
    depth += 1;
    if (depth === 1) {
      if (tag.name !== 'ACES') throw wholeFile(c.notAces);
      return;
    }
    if (depth === 2 && tag.name === 'App') {
      appCount += 1;
      if (appCount > MAX_ACES_APPS) throw wholeFile(c.tooManyApps(MAX_ACES_APPS));
      const action = String(tag.attributes.action ?? 'A').trim();
      app = {
        line: openTagLine,
        action,
        baseVehicleIds: [],
        years: undefined,
        parts: [],
        qty: undefined,
        notes: [],
        unknown: undefined,
      };
      return;
    }
    if (!app || depth !== 3) return;
    const attribute = (name: string) => String(tag.attributes[name] ?? '').trim();
    if (tag.name === 'BaseVehicle') app.baseVehicleIds.push(attribute('id'));
    else if (tag.name === 'Years') app.years = { from: attribute('from'), to: attribute('to') };
    else if (tag.name === 'Part' || tag.name === 'Qty' || tag.name === 'Note') reading = { name: tag.name, text: '' };
    else if (tag.name !== 'Make' && tag.name !== 'Model' && !IGNORED.has(tag.name)) app.unknown ??= tag.name;
  });
  const addText = (text: string) => {
    if (reading) reading.text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', (tag) => {
    depth -= 1;
    if (app && reading && depth === 2) {
      const value = reading.text.trim();
      if (reading.name === 'Part') app.parts.push(value);
      else if (reading.name === 'Qty') app.qty = value;
      else if (value !== '') app.notes.push(value);
      reading = undefined;
    }
    if (app && depth === 1 && tag.name === 'App') {
      const read = readApp(app);
      if ('message' in read) refused.push({ line: app.line, message: read.message });
      else apps.push(read);
      app = undefined;
    }
  });
  parser.on('error', (error) => {
    throw wholeFile(c.notXml(parser.line, error.message.replace(/^(?:[^:\n]*:)?\d+:\d+: /, '')));
  });
  parser.write(text).close();
  return { apps, refused };
}

function readApp(app: OpenApp): AcesApp | { message: string } {
  if (app.action !== 'A') return { message: c.appActionNotAdd(app.action) };
  const [idText] = app.baseVehicleIds;
  if (idText === undefined) return { message: c.appNoBaseVehicle };
  if (!/^\d{1,9}$/.test(idText) || Number(idText) === 0 || app.baseVehicleIds.length > 1) {
    return { message: c.appBadBaseVehicle };
  }
  if (app.unknown) return { message: c.appNarrowed(app.unknown) };
  const partNumber = app.parts[0] ?? '';
  if (partNumber === '' || app.parts.length > 1) return { message: c.appNoPart };
  if (app.qty !== undefined && (!/^\d{1,6}$/.test(app.qty) || Number(app.qty) === 0)) return { message: c.appBadQty };
  if (app.years) {
    const { from, to } = app.years;
    if (!/^\d{4}$/.test(from) || !/^\d{4}$/.test(to) || Number(from) > Number(to)) return { message: c.appBadYears };
  }
  const note = app.notes.join('; ');
  if (note.length > MAX_FITMENT_NOTE_LENGTH) return { message: c.appNoteTooLong(MAX_FITMENT_NOTE_LENGTH) };
  return {
    line: app.line,
    baseVehicleId: Number(idText),
    partNumber,
    note,
    ...(app.years ? { years: { from: Number(app.years.from), to: Number(app.years.to) } } : {}),
  };
}
