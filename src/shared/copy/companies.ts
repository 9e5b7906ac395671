import { formatCount } from '../numbers';

/** Trade accounts: the application, its review by the shop, and the mails that tell the applicant. */
export const companies = {
  nameRequired: 'Please enter the company’s name',
  labelRequired: 'Please name this delivery address (for example “Main workshop”)',
  vatIdInvalid: 'Please enter the VAT ID as text, or leave it out',
  alreadyMember: 'You already belong to a company: one account can buy for one company only.',
  adminCannotApply: 'Shop admins cannot apply for a trade account: sign in with a customer account.',
  noCompany: 'You do not belong to a company yet.',
  notFound: 'No company has this id.',
  statusInvalid: 'Choose active, on hold or declined.',
  paymentTermsInvalid: 'Choose card, Net 15, Net 30 or Net 60.',
  creditLimitInvalid: 'The credit limit is a whole number of cents, 0 or more.',
  discountInvalid: 'The discount is a whole number of percent from 0 to 50.',
  declineReasonRequired: 'Say why the application is declined: the applicant is told.',
  declineReasonInvalid: 'The reason is 1 to 500 characters.',
  taxExemptReasonRequired: 'A tax exempt company needs the reason its invoices print.',
  taxExemptReasonInvalid: 'The reason is 1 to 200 characters.',
  updateEmpty: 'Send at least one field to change.',
  statusChangeRefused: (from: string, to: string) =>
    `A company that is ${from.replace('_', ' ')} cannot become ${to.replace('_', ' ')}: an application is approved or declined once, and an approved account is put on hold or made active again.`,
  approvedSubject: (name: string) => `Your trade account for ${name} is open`,
  approvedIntro: (name: string) =>
    `We have approved the trade account of ${name}. Everyone in the company now buys with its terms and prices.`,
  approvedButton: 'See your company',
  declinedSubject: (name: string) => `Your trade account application for ${name}`,
  declinedIntro: (name: string) => `We could not approve the trade account of ${name}.`,
  declinedReason: (reason: string) => `The reason: ${reason}`,
  declinedAfter: 'You can keep buying by card, and apply again once this is resolved.',
  declinedButton: 'Apply again',
  pricesNotText: 'The file is not UTF-8 text: save it from the spreadsheet as “CSV UTF-8”.',
  pricesTooManyLines: (max: number, count: number) =>
    `The file has ${formatCount(count)} prices; up to ${formatCount(max)} are taken at once.`,
  pricesTooLarge: (megabytes: number) => `The file is larger than ${megabytes} MB.`,
  pricesHeader: 'The first line must be the header “sku,unit_price”.',
  pricesSkuMissing: 'The line has no SKU.',
  pricesUnknownSku: (sku: string) => `No part on sale has the SKU ${sku}.`,
  pricesDuplicate: (sku: string, line: number) => `${sku} is already priced on line ${line}.`,
  pricesMalformed: 'Write the price in the shop’s currency with two decimals, like 48.90.',
  pricesNotPositive: 'The price must be more than 0.00.',
  pricesTooHigh: 'The price is higher than any part is sold for.',
  yourPricesParts: (max: number) => `Name 1 to ${max} part ids, separated by commas.`,
};
