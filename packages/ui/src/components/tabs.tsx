import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import * as styles from './tabs.css';

export interface TabItem {
  id: string;
  label: ReactNode;
  panel: ReactNode;
}

/**
 * Tabs after the WAI-ARIA tabs pattern: one tab stop for the list, arrow keys (and Home, End) move
 * between tabs and show each at once, Tab moves on into the panel.
 */
export function Tabs({
  label,
  items,
  initial,
  onSelect,
}: {
  label: string;
  items: readonly TabItem[];
  initial?: string;
  /** Told of every change, e.g. to keep the tab in the page's address. */
  onSelect?(id: string): void;
}) {
  const baseId = useId();
  const [selected, setSelectedState] = useState(initial ?? items[0]?.id);
  const setSelected = (id: string) => {
    setSelectedState(id);
    onSelect?.(id);
  };
  const tabs = useRef(new Map<string, HTMLButtonElement>());

  function onKeyDown(event: KeyboardEvent, index: number) {
    const last = items.length - 1;
    const target = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    const next = target === undefined ? undefined : items[target];
    if (!next) return;
    event.preventDefault();
    setSelected(next.id);
    tabs.current.get(next.id)?.focus();
  }

  return (
    <div>
      <div role="tablist" aria-label={label} className={styles.tabList}>
        {items.map((item, index) => {
          const isSelected = item.id === selected;
          return (
            <button
              key={item.id}
              ref={(element) => {
                if (element) tabs.current.set(item.id, element);
                else tabs.current.delete(item.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.id}`}
              aria-selected={isSelected}
              aria-controls={`${baseId}-panel-${item.id}`}
              tabIndex={isSelected ? 0 : -1}
              className={styles.tab}
              onClick={() => setSelected(item.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.id}
          role="tabpanel"
          id={`${baseId}-panel-${item.id}`}
          aria-labelledby={`${baseId}-tab-${item.id}`}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the tabs pattern makes a panel a tab stop, so Tab leads from the tab into it
          tabIndex={0}
          hidden={item.id !== selected}
          className={styles.panel}
        >
          {item.panel}
        </div>
      ))}
    </div>
  );
}
