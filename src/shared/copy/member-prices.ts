/** "Your price": what a member of an active company pays, beside the list price everyone else sees. */
export const memberPrices = {
  yourPrice: 'Your price',
  listPrice: 'List price',
  /** Read by screen readers in place of the struck list price. */
  listPriceWas: (price: string) => `list price ${price}`,
  companyDiscount: (percent: number) => `${percent}\u00a0% company discount`,
  contractPrice: 'Contract price',
  fromTiers: 'Volume prices above are list prices; your discount comes off each.',
};
