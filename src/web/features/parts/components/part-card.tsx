import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import * as copy from '#shared/copy';
import { paths } from '#shared/paths';
import type { CrossReference } from '#shared/schemas/catalogue';
import type { Part } from '#shared/schemas/parts';
import { isInStock } from '#shared/stock';
import { truncate } from '#shared/text';
import { DealPrice } from '../../../components/deal-price';
import { Picture } from '../../../components/picture';
import { Stars } from '../../../components/stars';
import { useMoney } from '../../../lib/use-money';

/**
 * A second action beside "Book Now" on a part in stock (the cart's "Add to cart"), given by the page:
 * `nameId` is the id of the card's heading, which names the part the action is about.
 */
export type PartCardAction = (part: Part, nameId: string) => ReactNode;

/** Class for a card action, so that it sits beside "Book Now", or under it when the card is narrow. */
export const PART_CARD_ACTION_CLASS = 'flex-1 basis-36';

/** A part as a list shows it: a search's hit says which other brand's number it was found by. */
export type ListedPart = Part & { matchedReference?: CrossReference | null };

interface PartCardProps {
  part: ListedPart;
  action?: PartCardAction;
  /** h3 under a section's h2 (landing), h2 directly under the page's h1 (parts list). */
  headingLevel?: 2 | 3;
  /** Cards in the first visible row load their picture at once. */
  priority?: boolean;
  /** A line the page adds under the name (the list's "Fits Ford Focus … (2015)" while a vehicle is chosen). */
  badge?: ReactNode;
  /** What the page adds under the price (a member's "Your price", once their prices have loaded). */
  priceNote?: ReactNode;
}

/** A part as a card: its picture and name open its page; "Book Now" and the page's action while it can be booked. */
export function PartCard({ part, action, headingLevel = 3, priority = false, badge, priceNote }: PartCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const nameId = useId();
  const formatMoney = useMoney();
  const href = paths.part(part.id);
  return (
    <article data-testid="part-card" className="card-surface group flex flex-col overflow-hidden">
      {/* The picture opens the part too; the name's link is the one keyboards and screen readers meet. */}
      <Link to={href} tabIndex={-1} aria-hidden="true" className="block aspect-[4/3] overflow-hidden bg-slate-100">
        <Picture
          src={part.imageUrl}
          alt={part.name}
          width={640}
          height={480}
          sizes="(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 640px) 47vw, 94vw"
          priority={priority}
          className="h-full w-full transition-transform duration-500 group-hover:scale-[1.03]"
        />
      </Link>
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <Heading
          id={nameId}
          className="text-lg leading-snug font-bold text-slate-900"
          title={part.name.length > 35 ? part.name : undefined}
        >
          <Link to={href} className="hover:text-brand-700 hover:underline">
            {truncate(part.name, 35)}
          </Link>
        </Heading>
        {part.matchedReference ? (
          <p data-testid="part-card-matched-reference" className="mt-1.5 text-sm font-semibold text-brand-800">
            {copy.part.matchedReference(part.matchedReference.brand, part.matchedReference.number)}
          </p>
        ) : null}
        {badge}
        {part.rating.count > 0 ? <Stars value={part.rating.average} size="sm" className="mt-2" /> : null}
        <div className="mt-4 flex flex-wrap items-end justify-between gap-x-4 gap-y-1 rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-100">
          <dl>
            <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{copy.part.price}</dt>
            <dd className="mt-0.5 text-lg font-extrabold text-slate-900">
              <DealPrice priceCents={part.priceCents} deal={part.deal} />
            </dd>
          </dl>
          {/* What the shop holds, worded so it never reads as a quantity to order. */}
          <p data-testid="part-card-stock" className="pb-0.5 text-sm font-semibold text-slate-700 tabular-nums">
            {copy.part.inStockCount(part.stock)}
          </p>
        </div>
        {priceNote}
        {part.coreChargeCents > 0 ? (
          <p data-testid="part-card-core" className="mt-2 text-sm text-slate-700">
            {copy.part.coreDeposit(formatMoney(part.coreChargeCents))}
          </p>
        ) : null}
        <p data-testid="part-card-minimum" className="mt-2 text-sm font-medium text-slate-700">
          {copy.part.minimumOrderShort(part.minOrderQuantity)}
        </p>
        <p className="mt-4 flex-1 text-sm leading-relaxed text-slate-600">{truncate(part.description, 300)}</p>
        {isInStock(part) ? (
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to={href} aria-describedby={nameId} className={`btn btn-primary ${PART_CARD_ACTION_CLASS}`}>
              {copy.part.bookNow}
            </Link>
            {action?.(part, nameId)}
          </div>
        ) : (
          // Nothing to book: no link that leads to a form that can only fail.
          <p
            data-testid="out-of-stock"
            className="mt-6 rounded-lg bg-slate-100 px-4 py-3 text-center font-bold text-slate-700 ring-1 ring-slate-200"
          >
            {copy.part.outOfStock}
          </p>
        )}
      </div>
    </article>
  );
}
