import * as Ariakit from '@ariakit/react';
import { Check, ChevronsUpDown } from 'lucide-react';
import { type ReactNode, useDeferredValue, useMemo } from 'react';
import { matchesSearch } from '../search';
import * as styles from './combobox.css';
import { FieldFrame, useControl } from './field';

export interface SearchableOption {
  value: string;
  label: string;
}

export interface SearchableSelectProps {
  /** A visible label, or with `hideLabel` only the control's accessible name. */
  label: ReactNode;
  /** The accessible name when the label is hidden (a header picker). */
  hideLabel?: string;
  options: readonly SearchableOption[];
  value?: string;
  defaultValue?: string;
  onChange?(value: string): void;
  /** Submits the chosen value with its form under this name. */
  name?: string;
  id?: string;
  /** Shown while no option is chosen. */
  placeholder: string;
  /** The search box's accessible name and placeholder, e.g. "Search time zones". */
  searchLabel: string;
  /** Shown when nothing matches what was typed. */
  noMatches: ReactNode;
  errors?: readonly string[] | undefined;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
}

const matchesOption = (option: SearchableOption, typed: string) =>
  matchesSearch(`${option.label} ${option.value}`, typed);

/**
 * A select whose options can be searched (Ariakit's select with combobox): arrows move, Enter picks,
 * Escape closes, typing filters. Made for lists of hundreds (customers, time zones).
 */
export function SearchableSelect({
  label,
  hideLabel,
  options,
  value,
  defaultValue = '',
  onChange,
  name,
  id,
  placeholder,
  searchLabel,
  noMatches,
  errors,
  hint,
  required,
  disabled,
}: SearchableSelectProps) {
  const combobox = Ariakit.useComboboxStore({ resetValueOnHide: true });
  const select = Ariakit.useSelectStore({
    combobox,
    ...(value === undefined ? { defaultValue } : { value }),
    setValue: (next: string) => onChange?.(next),
  });
  const query = useDeferredValue(combobox.useState('value'));
  const chosen = select.useState('value');
  const matches = useMemo(() => options.filter((option) => matchesOption(option, query)), [options, query]);
  const { ids, control } = useControl({ id, hint, errors, required, disabled });
  const current = options.find((option) => option.value === chosen);

  const picker = (
    <>
      <Ariakit.Select
        store={select}
        className={hideLabel ? styles.compactTrigger : styles.trigger}
        id={control.id}
        disabled={disabled}
        aria-label={hideLabel}
        aria-invalid={control['aria-invalid']}
        aria-describedby={control['aria-describedby']}
        aria-required={required || undefined}
      >
        <span className={styles.triggerText}>{current?.label ?? placeholder}</span>
        <ChevronsUpDown size={16} aria-hidden="true" />
      </Ariakit.Select>
      {name && <input type="hidden" name={name} value={chosen} />}
      {/* Rendered in place, so a dialog's focus trap keeps it inside. */}
      <Ariakit.SelectPopover
        store={select}
        portal={false}
        unmountOnHide
        gutter={4}
        sameWidth={!hideLabel}
        className={hideLabel ? styles.compactPopover : styles.popover}
        data-keeps-escape=""
      >
        <Ariakit.Combobox
          store={combobox}
          autoSelect
          // A dialog around it keeps Escape from Ariakit (see keepNestedEscape): close the list here.
          onKeyDown={(event) => {
            if (event.key === 'Escape' && event.defaultPrevented) select.hide();
            if (event.key !== 'Enter') return;
            // Enter before the list has caught up with the typing (no item active yet, or one the
            // new list no longer shows) picks the first option matching what is typed now.
            const { activeId, value: typed } = combobox.getState();
            if (activeId && combobox.item(activeId)?.element?.isConnected) return;
            const first = options.find((option) => matchesOption(option, typed));
            if (!first) return;
            event.preventDefault();
            select.setValue(first.value);
            select.hide();
          }}
          aria-label={searchLabel}
          placeholder={searchLabel}
          className={styles.search}
        />
        <Ariakit.ComboboxList store={combobox} className={styles.list}>
          {matches.map((option) => (
            <Ariakit.ComboboxItem
              key={option.value}
              focusOnHover
              className={styles.item}
              render={<Ariakit.SelectItem value={option.value} />}
            >
              {option.label}
              {option.value === chosen && <Check size={14} aria-hidden="true" />}
            </Ariakit.ComboboxItem>
          ))}
          {matches.length === 0 && <div className={styles.noMatches}>{noMatches}</div>}
        </Ariakit.ComboboxList>
      </Ariakit.SelectPopover>
    </>
  );

  if (hideLabel) return picker;
  return <FieldFrame {...{ label, errors, hint, required, disabled, ids }}>{picker}</FieldFrame>;
}
