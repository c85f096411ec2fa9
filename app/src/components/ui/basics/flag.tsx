// Country flags as SVG images from the country-flag-icons package (3:2). Emoji flags
// are not used: Windows has no flag emoji font and shows two letters instead.
import { useEffect, useState } from 'react';

type FlagUrls = ReadonlyMap<string, string>;

// The URL map is its own chunk, loaded the first time a flag is drawn.
let urls: FlagUrls | null = null;
let pending: Promise<FlagUrls> | null = null;

function loadFlagUrls(): Promise<FlagUrls> {
  pending ??= import('../../flags/flag-urls').then((module) => (urls = module.flagUrls));
  return pending;
}

function useFlagUrls(): FlagUrls | null {
  const [loaded, setLoaded] = useState(urls);
  useEffect(() => {
    if (loaded) return;
    let live = true;
    void loadFlagUrls().then((map) => {
      if (live) setLoaded(map);
    });
    return () => {
      live = false;
    };
  }, [loaded]);
  return loaded;
}

/** Codes in use that are not ISO 3166-1 (the product calls the United Kingdom "UK"). */
const aliases: Record<string, string> = { UK: 'GB', EL: 'GR' };

const REGIONAL_A = 0x1f1e6;

/** The two letters an emoji flag (a pair of regional indicator symbols) stands for. */
function lettersOfEmoji(emoji: string): string | null {
  const points = Array.from(emoji.trim(), (c) => c.codePointAt(0) ?? 0);
  if (points.length !== 2) return null;
  if (points.some((p) => p < REGIONAL_A || p > REGIONAL_A + 25)) return null;
  return points.map((p) => String.fromCharCode(65 + p - REGIONAL_A)).join('');
}

/**
 * The ISO code among `available` whose flag to draw for a country code as the API sends
 * it, or, when that has none, for its emoji flag (the admin may have typed one); null
 * when neither has one.
 */
export function flagCode(available: FlagUrls, code: string, emoji = ''): string | null {
  for (const candidate of [code.trim().toUpperCase(), lettersOfEmoji(emoji)]) {
    if (!candidate) continue;
    const iso = aliases[candidate] ?? candidate;
    if (available.has(iso)) return iso;
  }
  return null;
}

const sizes = {
  sm: { width: 18, height: 12, className: 'h-3 w-[18px]' },
  md: { width: 24, height: 16, className: 'h-4 w-6' },
  lg: { width: 36, height: 24, className: 'h-6 w-9' },
} as const;

interface FlagProps {
  /** The country code as the API sends it, e.g. "US" or "UK". */
  code: string;
  /** The country's emoji flag from the API, only used when the code has no SVG flag. */
  emoji?: string;
  /**
   * The flag's accessible name, e.g. "Germany". Leave it out when the country's name is
   * next to the flag: the flag is then decorative and hidden from assistive technology.
   */
  label?: string;
  size?: keyof typeof sizes;
  className?: string;
}

/**
 * A country's flag, always the same 3:2 size: a neutral grey box while the list of flags
 * loads and for a country that has none, so that nothing moves when the image arrives.
 */
export function Flag({ code, emoji, label, size = 'md', className = '' }: FlagProps) {
  const available = useFlagUrls();
  const iso = available && flagCode(available, code, emoji);
  const { width, height, className: sizeClass } = sizes[size];
  const classes = `inline-block shrink-0 rounded-xs ring-1 ring-slate-900/10 ${sizeClass} ${className}`;
  const a11y = label ? {} : { 'aria-hidden': true as const };

  if (!available || !iso) {
    return (
      <span
        {...a11y}
        role={label ? 'img' : undefined}
        aria-label={label}
        data-flag={available ? 'none' : 'loading'}
        className={`bg-slate-200 ${classes}`}
      />
    );
  }
  return (
    <img
      {...a11y}
      src={available.get(iso)}
      alt={label ?? ''}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      data-flag={iso}
      className={`object-cover ${classes}`}
    />
  );
}
