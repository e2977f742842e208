import { useLingui } from '@lingui/react/macro';
import type { CustomerRecord } from '@tidewatch/contract';
import { SearchableSelect } from '@tidewatch/ui/combobox';
import { useAdminStore } from '../../lib/stores';

/** The header's searchable list of customers; loaded apart from the entry, only for staff. */
export default function CustomerPicker({ customers }: { customers: readonly CustomerRecord[] }) {
  const { t } = useLingui();
  const { currentCustomerId, setCurrentCustomer, shortNames } = useAdminStore();
  const options = [
    { value: '', label: t`All customers` },
    ...customers.map((customer) => ({
      value: customer.id,
      label: `${shortNames[customer.id] ?? customer.id} · ${customer.company_name}`,
    })),
  ];
  return (
    <SearchableSelect
      label={t`Customer`}
      hideLabel={t`Customer`}
      options={options}
      value={currentCustomerId ?? ''}
      onChange={(id) => setCurrentCustomer(id || null)}
      placeholder={t`All customers`}
      searchLabel={t`Search customers`}
      noMatches={t`No customer matches`}
    />
  );
}
