import { useLingui } from '@lingui/react/macro';
import type { Product } from '@tidewatch/contract';

/**
 * A product select's options: a prompt, then each hourly product by level and place. They are
 * the select's own children, since Preact's compatibility layer applies a select's defaultValue
 * only to the options directly inside it.
 */
export function useProductOptions(products: readonly Product[]) {
  const { t } = useLingui();
  return [
    <option key="" value="">
      {t`Choose a product`}
    </option>,
    ...products.map((product) => (
      <option key={product.id} value={product.id}>
        {product.location === 'onsite'
          ? t`Consultation level ${product.level ?? 1}, on site`
          : t`Consultation level ${product.level ?? 1}, remote`}
      </option>
    )),
  ];
}
