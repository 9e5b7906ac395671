/** What the server refused on one line of an order: its quantity, or the part itself. */
export interface LineRefusal {
  quantity?: string;
  part?: string;
}

/**
 * Splits an order's field errors into those of its lines and the rest. The server names a refused
 * line by its index in the lines sent (`lines.2.quantity`, `lines.0.partId`); each is given back under
 * the part of the line sent at that index, so it lands on that line whatever the page shows meanwhile.
 * An index outside what was sent, or a field of a line other than those two, stays with the rest.
 */
export function refusalsByLine(
  errors: Readonly<Record<string, string>>,
  sent: readonly { partId: string }[],
): { lines: Record<string, LineRefusal>; rest: Record<string, string> } {
  const lines: Record<string, LineRefusal> = {};
  const rest: Record<string, string> = {};
  for (const [field, message] of Object.entries(errors)) {
    const match = /^lines\.(\d+)\.(quantity|partId)$/.exec(field);
    const line = match ? sent[Number(match[1])] : undefined;
    if (!match || !line) {
      rest[field] = message;
      continue;
    }
    const refusal = (lines[line.partId] ??= {});
    if (match[2] === 'quantity') refusal.quantity = message;
    else refusal.part = message;
  }
  return { lines, rest };
}
