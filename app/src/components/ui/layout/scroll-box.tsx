import { ArrowRight } from 'lucide-react';
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

interface ScrollBoxProps {
  /** The table's name, e.g. its caption; the scrolling region is called "<label> table". */
  label: string;
  className?: string;
  children: ReactNode;
}

interface Overflow {
  /** The content is wider than the box. */
  scrolls: boolean;
  /** Scrolled fully left / fully right (a pixel of rounding either way counts). */
  atStart: boolean;
  atEnd: boolean;
}

const NONE: Overflow = { scrolls: false, atStart: true, atEnd: true };

function measure(box: HTMLElement): Overflow {
  const max = box.scrollWidth - box.clientWidth;
  if (max <= 1) return NONE;
  const left = Math.abs(box.scrollLeft);
  return { scrolls: true, atStart: left <= 1, atEnd: left >= max - 1 };
}

/**
 * A wide table's own sideways scroll on narrow screens. While its content overflows it
 * shows that it does: a shadow on each edge that has more content behind it and a
 * "Scroll for more" hint until the far end is reached. It is then also a named,
 * focusable region, so the keyboard can scroll it too; otherwise it is a plain box and
 * no extra tab stop.
 */
export function ScrollBox({ label, className = '', children }: ScrollBoxProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>(NONE);
  const { scrolls, atStart, atEnd } = overflow;

  const update = useCallback(() => {
    const box = ref.current;
    if (!box) return;
    const next = measure(box);
    setOverflow((prev) =>
      prev.scrolls === next.scrolls && prev.atStart === next.atStart && prev.atEnd === next.atEnd
        ? prev
        : next,
    );
  }, []);

  useLayoutEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    update();
    return () => observer.disconnect();
  }, [update]);

  return (
    <div className={`overflow-hidden ${className}`}>
      {scrolls && (
        <p
          aria-hidden="true"
          data-testid="scroll-hint"
          className={`flex items-center justify-end gap-1 border-b border-slate-200 bg-slate-50 px-4 py-1.5 text-xs font-medium text-slate-600 ${
            atEnd ? 'invisible' : ''
          }`}
        >
          Scroll for more
          <ArrowRight className="h-3.5 w-3.5" />
        </p>
      )}
      <div className="relative">
        <div
          ref={ref}
          onScroll={update}
          role={scrolls ? 'region' : undefined}
          aria-label={scrolls ? `${label} table` : undefined}
          tabIndex={scrolls ? 0 : undefined}
          className="relative overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
        >
          {children}
        </div>
        {scrolls && !atStart && (
          <div
            aria-hidden="true"
            data-testid="scroll-shadow-start"
            className="pointer-events-none absolute inset-y-0 left-0 w-6 bg-linear-to-r from-slate-900/15 to-transparent"
          />
        )}
        {scrolls && !atEnd && (
          <div
            aria-hidden="true"
            data-testid="scroll-shadow-end"
            className="pointer-events-none absolute inset-y-0 right-0 w-6 bg-linear-to-l from-slate-900/15 to-transparent"
          />
        )}
      </div>
    </div>
  );
}
