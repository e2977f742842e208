import { MoreHorizontal } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { Menu, MenuItem } from './overlay';
import * as styles from './row-actions.css';

export interface RowAction {
  /** Unique within the row. */
  id: string;
  /** The visible text, e.g. "Edit". */
  label: ReactNode;
  /** The name that says which row it acts on, e.g. "Edit web-team". */
  name: string;
  icon: ReactNode;
  onSelect(): void;
}

/**
 * A row's actions (Edit, Delete, …): buttons side by side on a wide screen, one menu on a narrow
 * one. Only one of the two is displayed at a time, so each action is announced once.
 */
export function RowActions({ label, actions }: { label: string; actions: readonly RowAction[] }) {
  if (actions.length === 0) return null;
  return (
    <>
      <span className={styles.inline}>
        {actions.map((action) => (
          <Button
            key={action.id}
            variant="ghost"
            size="sm"
            aria-label={action.name}
            icon={action.icon}
            onClick={action.onSelect}
          >
            {action.label}
          </Button>
        ))}
      </span>
      <span className={styles.folded}>
        <Menu
          trigger={
            <Button variant="ghost" size="sm" aria-label={label}>
              <MoreHorizontal size={16} aria-hidden="true" />
            </Button>
          }
        >
          {actions.map((action) => (
            <MenuItem key={action.id} icon={action.icon} onSelect={action.onSelect}>
              {action.label}
            </MenuItem>
          ))}
        </Menu>
      </span>
    </>
  );
}
