import * as DialogPrimitive from '@radix-ui/react-dialog';
import * as MenuPrimitive from '@radix-ui/react-dropdown-menu';
import { X } from 'lucide-react';
import { createContext, type ReactNode, useContext, useRef } from 'react';
import { Button } from './button';
import * as styles from './overlay.css';
import { visuallyHidden } from './visually-hidden.css';

/** Lets a menu's item act once the menu has closed and given focus back to its trigger. */
const AfterClose = createContext<(action: () => void) => void>((action) => action());

/**
 * A menu opened from a trigger: arrow keys move, Enter picks, Escape closes (Radix). An item acts
 * after focus is back on the trigger, so a dialog it opens gives focus back there when it closes.
 */
export function Menu({
  trigger,
  label,
  children,
}: {
  trigger: ReactNode;
  label?: ReactNode;
  children: ReactNode;
}) {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const chosen = useRef<(() => void) | null>(null);
  return (
    <MenuPrimitive.Root>
      <MenuPrimitive.Trigger asChild ref={triggerRef}>
        {trigger}
      </MenuPrimitive.Trigger>
      <MenuPrimitive.Portal>
        <MenuPrimitive.Content
          className={styles.menuContent}
          align="end"
          sideOffset={6}
          onCloseAutoFocus={(event) => {
            const action = chosen.current;
            if (!action) return;
            chosen.current = null;
            event.preventDefault();
            triggerRef.current?.focus();
            action();
          }}
        >
          {label && <MenuPrimitive.Label className={styles.menuLabel}>{label}</MenuPrimitive.Label>}
          <AfterClose.Provider
            value={(action) => {
              chosen.current = action;
            }}
          >
            {children}
          </AfterClose.Provider>
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
  const afterClose = useContext(AfterClose);
  return (
    <MenuPrimitive.Item className={styles.menuItem} onSelect={() => afterClose(onSelect)}>
      {icon}
      {children}
    </MenuPrimitive.Item>
  );
}

/** An item that is a plain link, for a page the app's router does not render; Enter follows it as a click does. */
export function MenuLink({ href, icon, children }: { href: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <MenuPrimitive.Item className={styles.menuItem} asChild>
      <a href={href}>
        {icon}
        {children}
      </a>
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

/**
 * Radix gives focus back only to its own Trigger; these dialogs open from any button (or Ctrl+K),
 * so they remember what had focus when they opened and give it back when they close.
 */
function useFocusReturn() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event: Event) => {
      if (!opener.current?.isConnected) return;
      event.preventDefault();
      opener.current.focus();
    },
  };
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
  const focusReturn = useFocusReturn();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={styles.dialogOverlay} />
        <DialogPrimitive.Content
          className={wide ? `${styles.dialogContent} ${styles.dialogWide}` : styles.dialogContent}
          onEscapeKeyDown={keepNestedEscape}
          {...focusReturn}
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
  const focusReturn = useFocusReturn();
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={styles.dialogOverlay} />
        <DialogPrimitive.Content
          className={styles.dialogContent}
          onEscapeKeyDown={keepNestedEscape}
          {...focusReturn}
        >
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

/**
 * A panel that slides in from the start edge over the page, opened by `trigger` (a modal dialog:
 * focus moves in and stays in, Escape or the close button closes it, focus goes back to the trigger).
 * Its close button sits where the trigger is, which the panel covers.
 */
export function Drawer({
  open,
  onOpenChange,
  trigger,
  title,
  closeLabel,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  /** The dialog's name, for screen readers. */
  title: string;
  closeLabel: string;
  children: ReactNode;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={styles.drawerOverlay} />
        <DialogPrimitive.Content className={styles.drawerContent} aria-describedby={undefined}>
          <DialogPrimitive.Title className={visuallyHidden}>{title}</DialogPrimitive.Title>
          <div className={styles.drawerBar}>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" aria-label={closeLabel}>
                <X size={20} aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
