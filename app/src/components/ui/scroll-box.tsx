import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

interface ScrollBoxProps {
  /** The table's name, e.g. its caption; the scrolling region is called "<label> table". */
  label: string;
  className?: string;
  children: ReactNode;
}

/**
 * A wide table's own sideways scroll on narrow screens. While its content overflows it
 * is a named, focusable region, so the keyboard can scroll it too; otherwise it is a
 * plain box and no extra tab stop.
 */
export function ScrollBox({ label, className = '', children }: ScrollBoxProps) {
  const ref = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);

  useLayoutEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={ref}
      role={scrolls ? 'region' : undefined}
      aria-label={scrolls ? `${label} table` : undefined}
      tabIndex={scrolls ? 0 : undefined}
      className={`relative overflow-x-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 ${className}`}
    >
      {children}
    </div>
  );
}
