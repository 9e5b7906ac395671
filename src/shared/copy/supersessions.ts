/**
 * Part numbers replaced by others (docs/shop-rules.md, "Part numbers that change"): the API's refusals,
 * the message wherever a replaced number is resolved, and the admin's and the buyer's words.
 */
export const supersessions = {
  // The API's refusals, each named by its field.
  numberRequired: 'Enter the part number this part replaces',
  numberTooLong: (max: number) => `A part number is at most ${max} characters`,
  numberInvalid: 'A part number has letters or digits',
  ownNumber: 'This is the part’s own number: a part cannot replace itself',
  alreadyReplaced: (number: string, sku: string) => `${number} is already replaced by ${sku}`,
  cycle: (number: string, sku: string) => `${sku} is itself replaced through ${number}: that would go round in a circle`,
  factorInvalid: (max: number) => `The quantity factor is a whole number from 1 to ${max}`,
  sinceInvalid: 'Enter the date as YYYY-MM-DD',
  noteTooLong: (max: number) => `A note is at most ${max} characters`,
  notFound: 'This part does not replace that number.',
  skuReplaced: (number: string, sku: string) => `${number} is replaced by ${sku}: choose another number`,
  notReplaced: 'This part’s number was not replaced: there is nothing to replace the line with.',

  /** Wherever a replaced number is resolved: the number typed and the part that replaces it today. */
  replacedBy: (number: string, sku: string) => `${number} is replaced by ${sku}`,
  /** The same, when one of the old number equals several of the new part. */
  replacedByTimes: (number: string, sku: string, factor: number) => `${number} is replaced by ${sku} (1 = ${factor})`,

  // The admin's section of the part's edit page.
  replacesTitle: 'Replaces',
  replacesIntro:
    'Old part numbers this part replaces. They stay findable: search, quick order, saved lists and Order again take them to this part.',
  replacesEmpty: 'This part replaces no other number.',
  columns: { number: 'Old number', factor: 'Factor', since: 'Since', note: 'Note' },
  numberLabel: 'Old part number',
  factorLabel: 'Quantity factor',
  factorHint: 'How many of this part one of the old equals',
  sinceLabel: 'Since',
  noteLabel: 'Note',
  add: 'Add replaced number',
  remove: (number: string) => `Remove ${number}`,
  added: (number: string) => `${number} now leads to this part`,
  removed: (number: string) => `${number} no longer leads to this part`,
  archivesWarning: (sku: string) => `${sku} is a part on sale: it will be archived, and its buyers sent to this part.`,
  replacedByTitle: 'Replaced by',
  replacedByText: (sku: string) => `This part’s number is replaced by ${sku}.`,

  // The buyer's side.
  partReplaced: (sku: string) => `Replaced by ${sku}`,
  partReplacedText: (old: string, sku: string) => `Part ${old} is no longer sold under this number: order ${sku} instead.`,
  seeReplacement: (sku: string) => `See ${sku}`,
  replaceLine: (sku: string) => `Replace with ${sku}`,
  orderedAs: (number: string) => `Ordered as ${number}`,
};
