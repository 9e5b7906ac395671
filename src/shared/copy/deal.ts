import { formatCount } from '../numbers';

/** The flash deal wherever a price shows it (docs/shop-rules.md, "Flash deal"). */
export const deal = {
  /** The landing page's big line, from the deal's percentage: "25% OFF". */
  discountText: (percent: number) => `${percent}% OFF`,
  /** Beside a deal price: "−25%". */
  badge: (percent: number) => `−${percent}%`,
  /** Read by screen readers for the struck price, which the eye reads as crossed out. */
  was: (price: string) => `was ${price}`,
  /** Read by screen readers before the deal price. */
  now: (price: string) => `now ${price}`,
  /** Under a part page's price while the deal runs. */
  onDeal: (percent: number) => `Flash deal: ${percent}% off every quantity until the deal ends.`,
  /** A cart line priced by the deal. */
  cartLine: (percent: number) => `Flash deal −${percent}%`,
  /** The parts list's filter chip and the phrase in "No parts match …". */
  chip: 'Flash deal',
  phrase: 'the flash deal',
  /** The list filtered to the deal once it has ended. */
  ended: 'The flash deal has ended: its parts are back at their own prices.',
  partsCount: (n: number) => `${formatCount(n)} ${n === 1 ? 'part' : 'parts'} in the deal`,
} as const;
