import { describe, expect, it } from 'vitest';
import { subjectProblem } from './check-commit-subjects.mjs';

describe('a commit subject', () => {
  it.each([
    'orders: cap what one customer unpaid orders may hold together',
    'quick order: say how many are left',
    'db: refuse a schema newer than the build',
    'invoices: embed Arimo so every name prints as written',
    'e2e: wait for the cart before checking out',
  ])('passes when it reads "area: what changed": %s', (subject) => {
    expect(subjectProblem(subject)).toBeUndefined();
  });

  it.each([
    ['A page drawn anew replaces what that drawing was made from', /lower-case area and a colon/],
    ['README: the summary reads plainly', /lower-case area and a colon/],
    ['orders:cap what may be held', /lower-case area and a colon/],
    [`search: ${'bound the variants '.repeat(4)}`, /at most 72/],
    ['mail: mark each mail sent.', /ends with a period/],
    ['mail: marked each mail sent after its own send', /imperative/],
    ['search: bounding the typo variants', /imperative/],
  ])('is refused, saying why: %s', (subject, why) => {
    expect(subjectProblem(subject)).toMatch(why);
  });
});
