import { useLingui } from '@lingui/react/macro';
import type { Product } from '@tidewatch/contract';

/** A product select's options: a prompt, then each hourly product by level and place. */
export function ProductOptions({ products }: { products: readonly Product[] }) {
  const { t } = useLingui();
  return (
    <>
      <option value="">{t`Choose a product`}</option>
      {products.map((product) => (
        <option key={product.id} value={product.id}>
          {product.location === 'onsite'
            ? t`Consultation level ${product.level ?? 1}, on site`
            : t`Consultation level ${product.level ?? 1}, remote`}
        </option>
      ))}
    </>
  );
}
