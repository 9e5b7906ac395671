import { describe, expect, it } from 'vitest';
import { firstErrorPerField, issuePairs } from './field-errors';

describe('firstErrorPerField', () => {
  it('keeps the first message of each field, a path counting for the field it starts with', () => {
    const errors: [string, string][] = [
      ['scopes.1', 'Choose scopes from the list.'],
      ['name', 'Give the key a name.'],
      ['scopes', 'Name each scope once.'],
      ['names', 'Not the name field.'],
    ];
    expect(firstErrorPerField(errors, ['name', 'scopes'])).toEqual({
      name: 'Give the key a name.',
      scopes: 'Choose scopes from the list.',
    });
  });

  it('puts a message for no field under the one named for others, or leaves it out', () => {
    expect(firstErrorPerField([['', 'Too many.']], ['url', 'events'], 'events')).toEqual({ events: 'Too many.' });
    expect(firstErrorPerField([['', 'Too many.']], ['url', 'events'])).toEqual({});
  });

  it('reads zod issues with their paths joined as the server writes them', () => {
    expect(issuePairs([{ path: ['lines', 3, 'quantity'], message: 'At least 1.' }])).toEqual([
      ['lines.3.quantity', 'At least 1.'],
    ]);
  });
});
