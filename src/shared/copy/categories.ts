/** Categories of the catalogue and their admin screen (docs/shop-rules.md, "Categories"). */
export const categories = {
  required: "Choose the part's category.",
  unknown: 'This category does not exist.',
  notFound: 'This category does not exist.',
  nameRequired: "Enter the category's name.",
  nameTaken: 'Another category already has this name.',
  slugInvalid: 'The address name is 2 to 60 lower-case letters, digits and hyphens, for example brake-pads.',
  slugTaken: 'Another category already has this address name.',
  hasParts: (n: number) =>
    `${n} ${n === 1 ? 'part is' : 'parts are'} in this category: move ${n === 1 ? 'it' : 'them'} to another category first.`,
  hasArchivedParts: (n: number) =>
    `${n} ${n === 1 ? 'part' : 'parts'} no longer sold ${n === 1 ? 'is' : 'are'} filed under this category for the history of ${n === 1 ? 'its' : 'their'} orders: rename the category instead.`,
} as const;
