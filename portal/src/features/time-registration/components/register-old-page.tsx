import { Trans, useLingui } from '@lingui/react/macro';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { CustomerRecord, Product, TimeEntry } from '@tidewatch/contract';
import {
  customerShortName,
  firstFreeStart,
  formatDuration,
  mondayOf,
  monthOf,
  parseDuration,
  shiftDate,
  todayIn,
  weekDates,
} from '@tidewatch/domain';
import { Button, Select, TextInput } from '@tidewatch/ui';
import { ChevronLeft, ChevronRight, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { customersQueryOptions } from '../../../lib/customers';
import { notify } from '../../../lib/notify';
import { refusalText } from '../../../lib/refusals';
import { FailedState, LoadingState, together } from '../../../shared/query-state/query-state';
import { hourlyProductsQueryOptions, ownMonthQueryOptions, useSaveEntry } from '../api/time-registration';
import { lastWeek, localTimeZone } from '../months';
import { isMonthOpen } from './month-status';
import { ProductOptions } from './product-options';
import * as styles from './time.css';

interface GridRow {
  key: number;
  customerId: string;
  productId: string;
  description: string;
  /** What was typed per date: "1h 30m", "1:30", "90". */
  cells: Record<string, string>;
}

const emptyRow = (key: number): GridRow => ({
  key,
  customerId: '',
  productId: '',
  description: '',
  cells: {},
});

/**
 * Register time, old (spec section 2): a week as a grid, a row per customer and product and a cell
 * per day, for catching up. Each filled cell becomes one entry, placed in the day's first free
 * quarter hour from 08:00; the server checks every entry as the register form's.
 */
export function RegisterOldPage({
  week: chosen,
  onWeekChange,
}: {
  week: string | undefined;
  onWeekChange(week: string): void;
}) {
  const { t, i18n } = useLingui();
  const week = chosen ? mondayOf(chosen) : lastWeek();
  const dates = weekDates(week);
  const months = [...new Set(dates.map(monthOf))];
  const monthQueries = useQueries({ queries: months.map((month) => ownMonthQueryOptions(month)) });
  const customers = useQuery(customersQueryOptions());
  const products = useQuery(hourlyProductsQueryOptions());
  const queries = [...monthQueries, customers, products];
  const failed = queries.filter((query) => query.error && !query.data);

  let body: React.ReactNode;
  if (failed.length > 0)
    body = (
      <FailedState
        title={
          failed.includes(customers)
            ? t`Could not load the customers`
            : failed.includes(products)
              ? t`Could not load the products`
              : t`Could not load your entries`
        }
        query={together(...queries)}
      />
    );
  else if (!customers.data || !products.data || monthQueries.some((query) => !query.data))
    body = <LoadingState lines={6} />;
  else {
    const loaded = monthQueries.flatMap((query) => (query.data ? [query.data] : []));
    body = (
      <WeekGrid
        key={week}
        dates={dates}
        entries={loaded.flatMap((month) => month.entries).filter((entry) => dates.includes(entry.date))}
        lockedMonths={loaded.filter((month) => !isMonthOpen(month.status)).map((month) => month.month)}
        customers={customers.data}
        products={products.data}
      />
    );
  }
  const weekLabel = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${week}T00:00:00Z`),
  );
  const today = todayIn(new Date(), localTimeZone());
  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <Button
          variant="secondary"
          icon={<ChevronLeft size={16} aria-hidden="true" />}
          onClick={() => onWeekChange(shiftDate(week, -7))}
        >
          <Trans>Previous week</Trans>
        </Button>
        <p className={styles.figureValue}>
          <Trans>Week of {weekLabel}</Trans>
        </p>
        <Button
          variant="secondary"
          icon={<ChevronRight size={16} aria-hidden="true" />}
          disabled={shiftDate(week, 7) > today}
          onClick={() => onWeekChange(shiftDate(week, 7))}
        >
          <Trans>Next week</Trans>
        </Button>
      </div>
      {body}
    </div>
  );
}

function WeekGrid({
  dates,
  entries,
  lockedMonths,
  customers,
  products,
}: {
  dates: string[];
  entries: TimeEntry[];
  lockedMonths: string[];
  customers: CustomerRecord[];
  products: Product[];
}) {
  const { t, i18n } = useLingui();
  const save = useSaveEntry();
  const [rows, setRows] = useState<GridRow[]>([emptyRow(0)]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const today = todayIn(new Date(), localTimeZone());
  const dayName = (date: string) =>
    new Intl.DateTimeFormat(i18n.locale, { weekday: 'short', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
  const closed = (date: string) => date > today || lockedMonths.includes(monthOf(date));
  const change = (key: number, patch: Partial<GridRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const dayTotal = (date: string) =>
    entries.filter((entry) => entry.date === date).reduce((sum, entry) => sum + entry.minutes, 0);

  async function saveWeek() {
    setError(null);
    const busy = entries.map((entry) => ({
      date: entry.date,
      startMinute: entry.start_minute,
      minutes: entry.minutes,
    }));
    const planned: { row: GridRow; date: string; minutes: number }[] = [];
    for (const row of rows) {
      const filled = dates.filter((date) => (row.cells[date] ?? '').trim() !== '');
      if (filled.length === 0) continue;
      if (!row.customerId || !row.productId || !row.description.trim()) {
        setError(t`Each row with time needs a customer, a product and a description.`);
        return;
      }
      for (const date of filled) {
        const minutes = parseDuration(row.cells[date] ?? '');
        if (!minutes) {
          setError(t`“${row.cells[date]}” is not a duration: write it as 1h 30m, 1:30 or 90.`);
          return;
        }
        planned.push({ row, date, minutes });
      }
    }
    if (planned.length === 0) {
      setError(t`Fill in at least one day.`);
      return;
    }
    setSaving(true);
    let saved = 0;
    try {
      for (const { row, date, minutes } of planned) {
        const start = firstFreeStart(
          busy.filter((span) => span.date === date),
          minutes,
        );
        if (start === null) throw new Error(t`${date} has no free time left for ${formatDuration(minutes)}.`);
        await save.mutateAsync({
          entryId: null,
          entry: {
            customer_id: row.customerId,
            product_id: row.productId,
            description: row.description.trim(),
            date,
            start_minute: start,
            minutes,
            kind: 'ordinary',
            billable: true,
          },
        });
        busy.push({ date, startMinute: start, minutes });
        // Saved cells empty, so a retry after a refusal saves only the rest.
        setRows((current) =>
          current.map((other) =>
            other.key === row.key ? { ...other, cells: { ...other.cells, [date]: '' } } : other,
          ),
        );
        saved += 1;
      }
      notify.success(t`${saved} entries registered`);
      setRows([emptyRow(Date.now())]);
    } catch (failure) {
      setError(refusalText(failure));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form
      className={styles.stack}
      aria-label={t`Register a week`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void saveWeek();
      }}
    >
      <div className={styles.gridScroll}>
        <table className={styles.gridTable}>
          <caption className={`${styles.muted} ${styles.gridCaption}`}>
            <Trans>Hours per day, e.g. 1h 30m, 1:30 or 90 (minutes).</Trans>
          </caption>
          <thead className={styles.gridHead}>
            <tr>
              <th className={styles.gridCell} scope="col">
                <Trans>Customer, product and description</Trans>
              </th>
              {dates.map((date) => (
                <th key={date} className={styles.gridCell} scope="col">
                  {dayName(date)}
                  <div className={styles.muted}>{formatDuration(dayTotal(date))}</div>
                </th>
              ))}
              <th className={styles.gridCell} scope="col">
                <span className={styles.muted}>
                  <Trans>Remove</Trans>
                </span>
              </th>
            </tr>
          </thead>
          <tbody className={styles.gridBody}>
            {rows.map((row, index) => (
              <tr key={row.key} className={styles.gridRow}>
                <td className={`${styles.gridCell} ${styles.gridWholeRow}`}>
                  <Select
                    label={t`Customer of row ${index + 1}`}
                    value={row.customerId}
                    onChange={(event) => change(row.key, { customerId: event.currentTarget.value })}
                  >
                    <option value="">{t`Choose a customer`}</option>
                    {customers.map((customer) => (
                      <option key={customer.id} value={customer.id}>
                        {customerShortName(customer.company_name)} · {customer.company_name}
                      </option>
                    ))}
                  </Select>
                  <Select
                    label={t`Product of row ${index + 1}`}
                    value={row.productId}
                    onChange={(event) => change(row.key, { productId: event.currentTarget.value })}
                  >
                    <ProductOptions products={products} />
                  </Select>
                  <TextInput
                    label={t`Description of row ${index + 1}`}
                    value={row.description}
                    onChange={(event) => change(row.key, { description: event.currentTarget.value })}
                  />
                </td>
                {dates.map((date) => (
                  <td key={date} className={styles.gridCell}>
                    {/* Shown when the grid stacks and its header row is out of sight. */}
                    <span className={styles.gridDayLabel} aria-hidden="true">
                      {dayName(date)} · {formatDuration(dayTotal(date))}
                    </span>
                    <input
                      className={styles.gridInput}
                      aria-label={t`Row ${index + 1}, ${dayName(date)}`}
                      inputMode="text"
                      disabled={closed(date)}
                      value={row.cells[date] ?? ''}
                      onChange={(event) =>
                        change(row.key, { cells: { ...row.cells, [date]: event.currentTarget.value } })
                      }
                    />
                  </td>
                ))}
                <td className={`${styles.gridCell} ${styles.gridWholeRow} ${styles.gridRemove}`}>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={t`Remove row ${index + 1}`}
                    icon={<Trash2 size={16} aria-hidden="true" />}
                    disabled={rows.length === 1}
                    onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {lockedMonths.length > 0 && (
        <p className={styles.muted}>
          <Trans>Days in a month that is handed in or approved can't take new time.</Trans>
        </p>
      )}
      {error && (
        <p className={styles.formError} role="alert">
          {error}
        </p>
      )}
      <div className={styles.toolbar}>
        <Button
          variant="secondary"
          icon={<Plus size={16} aria-hidden="true" />}
          onClick={() => setRows((current) => [...current, emptyRow(Date.now())])}
        >
          <Trans>Add a row</Trans>
        </Button>
        <Button type="submit" loading={saving}>
          <Trans>Register the week</Trans>
        </Button>
      </div>
    </form>
  );
}
