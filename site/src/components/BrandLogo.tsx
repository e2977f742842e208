/** Where the build writes the logo sprite (src/pages/brand-icons.svg.ts). */
const SPRITE = '/brand-icons.svg';

/**
 * A product's logo from the sprite, in the text's colour; it stands beside the product's name, so
 * it is hidden from assistive technology. Rendered as HTML at build time, in pages and islands alike.
 */
export function BrandLogo({
  slug,
  className,
  size = 24,
}: {
  slug: string;
  className?: string;
  size?: number;
}) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
      data-logo={slug}
    >
      <use href={`${SPRITE}#${slug}`} />
    </svg>
  );
}
