/**
 * An <img> that swaps to a fallback picture when there is no source or it fails to load. An
 * uploaded image gets a `srcset` of its sizes, so with `sizes` a card downloads the small one.
 */
import { useEffect, useState, type ImgHTMLAttributes } from 'react';
import { imageSrcSet } from '@contracts/image-paths';

export interface FallbackImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  src: string | null | undefined;
  fallback: string;
  alt: string;
}

export function FallbackImage({ src, fallback, alt, onError, ...rest }: FallbackImageProps) {
  const [current, setCurrent] = useState(src || fallback);
  useEffect(() => setCurrent(src || fallback), [src, fallback]);
  return (
    <img
      {...rest}
      src={current}
      srcSet={current === fallback ? undefined : imageSrcSet(current)}
      alt={alt}
      decoding="async"
      onError={(event) => {
        if (current !== fallback) setCurrent(fallback);
        onError?.(event);
      }}
    />
  );
}
