import * as copy from '#shared/copy';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { Picture } from './picture';

export interface DataTableColumn {
  label: ReactNode;
  /** The header cell's classes: its width, padding and alignment. */
  className: string;
}

/** Where the headers show; below it each row lays itself out as a card and the headers are for screen readers. */
const headersShownFrom = {
  md: 'md:not-sr-only md:table-header-group',
  xl: 'xl:not-sr-only xl:table-header-group',
  '2xl': '2xl:not-sr-only 2xl:table-header-group',
} as const;

interface DataTableProps {
  /** Read by screen readers only; usually the page's title. */
  caption: string;
  columns: DataTableColumn[];
  cardsBelow?: keyof typeof headersShownFrom;
  /** The rows (`<tr>`), each styled as a card below `cardsBelow` and as a table row above it. */
  children: ReactNode;
}

/** Whether the frame's content is wider than the frame, measured again whenever either changes size. */
function useScrollsSideways(frame: RefObject<HTMLDivElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [frame]);
  return scrolls;
}

/**
 * The dashboard's tables: one rounded card, a screen-reader caption, column headers from `cardsBelow`
 * up. When the columns need more room than the window leaves (a narrow window beside the sidebar, a
 * zoomed page), the table scrolls sideways inside the card rather than being cut off or widening the
 * page. While it scrolls the card is a region named like the table and takes keyboard focus, so that
 * the arrow keys scroll it.
 */
export function DataTable({ caption, columns, cardsBelow = 'md', children }: DataTableProps) {
  const frame = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(frame);
  return (
    <div
      ref={frame}
      // A region only while it scrolls, and named apart from the page section that often bears the
      // table's name: two landmarks of one name confuse a screen reader's list of them.
      role={scrolls ? 'region' : undefined}
      aria-label={scrolls ? copy.common.scrollingTable(caption) : undefined}
      tabIndex={scrolls ? 0 : undefined}
      className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      data-testid="table-frame"
    >
      <table className="w-full text-left">
        <caption className="sr-only">{caption}</caption>
        <thead
          className={`sr-only bg-slate-50 text-xs font-bold tracking-wider text-slate-600 uppercase ${headersShownFrom[cardsBelow]}`}
        >
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={column.className}>
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}

/** A part's picture in a table row (4:3, 80 px wide; `small` 64 px), decorative: the row names the part. */
export function RowPicture({ src, small = false }: { src: string; small?: boolean }) {
  return small ? (
    <Picture src={src} alt="" width={64} height={48} sizes="64px" className="aspect-[4/3] w-16 rounded-lg" />
  ) : (
    <Picture src={src} alt="" width={80} height={60} sizes="80px" className="aspect-[4/3] w-20 rounded-lg" />
  );
}
