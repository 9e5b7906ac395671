import { useState } from 'react';
import { Picture } from './picture';

/** "Ada Lovelace" → "AL"; one word → its first letter. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : words.slice(0, 1);
  return (
    letters
      .map((word) => [...(word ?? '')][0] ?? '')
      .join('')
      .toUpperCase() || '?'
  );
}

interface AvatarProps {
  name: string;
  image: string | null;
  /** Drawn size in pixels (square). */
  size: number;
  className?: string;
}

/**
 * A user's photo, round; their initials when there is none or it cannot be loaded. Decorative: the name
 * is always written beside it.
 */
export function Avatar({ name, image, size, className = '' }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const shape = `shrink-0 rounded-full ${className}`;
  if (image && failed !== image) {
    return (
      <Picture
        src={image}
        alt=""
        width={size}
        height={size}
        sizes={`${size}px`}
        eager
        className={shape}
        onError={() => setFailed(image)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`inline-flex items-center justify-center bg-slate-800 font-bold text-white ${shape}`}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.38) }}
    >
      {initials(name)}
    </span>
  );
}
