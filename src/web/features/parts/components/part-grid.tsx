import type { ReactNode } from 'react';
import type { Part } from '#shared/schemas/parts';
import { type ListedPart, PartCard, type PartCardAction } from './part-card';

interface PartGridProps {
  parts: ListedPart[];
  /** A second action on each card in stock, beside "Book Now". */
  cardAction?: PartCardAction;
  headingLevel?: 2 | 3;
  /** How many of the first cards are above the fold and load eagerly. */
  priorityCount?: number;
  /** The same line under every card's name ("Fits Ford Focus … (2015)"). */
  cardBadge?: ReactNode;
  /** The grid's columns, when the list shares its width (PART_GRID_CLASS by default). */
  className?: string;
  /** A line under each card's price, made for its part. */
  cardPriceNote?: (part: Part) => ReactNode;
}

export const PART_GRID_CLASS = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3 lg:gap-8';

export function PartGrid({
  parts,
  cardAction,
  headingLevel = 3,
  priorityCount = 0,
  cardBadge,
  className = PART_GRID_CLASS,
  cardPriceNote,
}: PartGridProps) {
  return (
    <ul className={className}>
      {parts.map((part, index) => (
        <li key={part.id} className="flex">
          <PartCard
            part={part}
            action={cardAction}
            headingLevel={headingLevel}
            priority={index < priorityCount}
            badge={cardBadge}
            priceNote={cardPriceNote?.(part)}
          />
        </li>
      ))}
    </ul>
  );
}
