import { imageSrcSet, imageVariantUrl } from '#shared/paths';

interface PictureProps {
  src: string;
  alt: string;
  /** Intrinsic size for the aspect ratio (part pictures 4:3, avatars 1:1, blog pictures 16:9). */
  width: number;
  height: number;
  /** How wide the picture is drawn, so the browser picks the right variant. */
  sizes: string;
  /** Above the fold: load at once and early; otherwise lazily. */
  priority?: boolean;
  /** Load at once without raising priority (pictures in a moving carousel must be ready when they slide in). */
  eager?: boolean;
  className?: string;
  /** The picture could not be loaded (a removed upload, a blocked address). */
  onError?: () => void;
}

/** A responsive picture from the shop's uploads (320/640/960 px WebP variants). */
export function Picture({
  src,
  alt,
  width,
  height,
  sizes,
  priority = false,
  eager = false,
  className = '',
  onError,
}: PictureProps) {
  const srcSet = imageSrcSet(src);
  return (
    <img
      src={srcSet ? imageVariantUrl(src, 640) : src}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority || eager ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      className={`bg-slate-100 object-cover ${className}`}
      onError={onError}
    />
  );
}
