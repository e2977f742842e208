import * as DialogPrimitive from '@radix-ui/react-dialog';
import * as MenuPrimitive from '@radix-ui/react-dropdown-menu';
import type { ReactNode } from 'react';
import { Button } from './button';
import * as styles from './overlay.css';

/** A menu opened from a trigger: arrow keys move, Enter picks, Escape closes (Radix). */
export function Menu({
  trigger,
  label,
  children,
}: {
  trigger: ReactNode;
  label?: ReactNode;
  children: ReactNode;
}) {
  return (
    <MenuPrimitive.Root>
      <MenuPrimitive.Trigger asChild>{trigger}</MenuPrimitive.Trigger>
      <MenuPrimitive.Portal>
        <MenuPrimitive.Content className={styles.menuContent} align="end" sideOffset={6}>
          {label && <MenuPrimitive.Label className={styles.menuLabel}>{label}</MenuPrimitive.Label>}
          {children}
        </MenuPrimitive.Content>
      </MenuPrimitive.Portal>
    </MenuPrimitive.Root>
  );
}

export function MenuItem({
  onSelect,
  icon,
  children,
}: {
  onSelect: () => void;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <MenuPrimitive.Item className={styles.menuItem} onSelect={onSelect}>
      {icon}
      {children}
    </MenuPrimitive.Item>
  );
}

export function MenuSeparator() {
  return <MenuPrimitive.Separator className={styles.menuSeparator} />;
}

/** Escape inside a control that closes on Escape itself (a searchable select's list) leaves the dialog open. */
function keepNestedEscape(event: KeyboardEvent) {
  if (event.target instanceof Element && event.target.closest('[data-keeps-escape]')) event.preventDefault();
}

/** A dialog for a short task (a form, a list to edit); focus is trapped inside and Escape closes it. */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  wide = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** For content wider than a form: lists and tables. */
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={styles.dialogOverlay} />
        <DialogPrimitive.Content
          className={wide ? `${styles.dialogContent} ${styles.dialogWide}` : styles.dialogContent}
          onEscapeKeyDown={keepNestedEscape}
          // Without a description Radix asks for an explicit "none".
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <DialogPrimitive.Title className={styles.dialogTitle}>{title}</DialogPrimitive.Title>
          {description && (
            <DialogPrimitive.Description className={styles.dialogDescription}>
              {description}
            </DialogPrimitive.Description>
          )}
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

/** Asks before something that cannot be undone; focus is trapped inside while open. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  destructive = false,
  pending = false,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** Blocks below the description (it is a paragraph), such as a part that failed to load. */
  children?: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel: ReactNode;
  onConfirm: () => void;
  destructive?: boolean;
  pending?: boolean;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={styles.dialogOverlay} />
        <DialogPrimitive.Content className={styles.dialogContent} onEscapeKeyDown={keepNestedEscape}>
          <DialogPrimitive.Title className={styles.dialogTitle}>{title}</DialogPrimitive.Title>
          <DialogPrimitive.Description className={styles.dialogDescription}>
            {description}
          </DialogPrimitive.Description>
          {children}
          <div className={styles.dialogActions}>
            <DialogPrimitive.Close asChild>
              <Button variant="secondary">{cancelLabel}</Button>
            </DialogPrimitive.Close>
            <Button variant={destructive ? 'danger' : 'primary'} loading={pending} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
