import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Blocking dialogs (a decision the user must make) ignore outside clicks. */
  modal?: 'dismissable' | 'blocking';
  testId?: string;
  /** What gets focus when the dialog opens (by default its first focusable element). */
  initialFocus?: RefObject<HTMLElement | null>;
}

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  modal = 'dismissable',
  testId,
  initialFocus,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog__overlay" />
        <RadixDialog.Content
          className="dialog"
          data-testid={testId}
          onOpenAutoFocus={
            initialFocus
              ? (event) => {
                  event.preventDefault();
                  initialFocus.current?.focus();
                }
              : undefined
          }
          onPointerDownOutside={modal === 'blocking' ? (event) => event.preventDefault() : undefined}
          onEscapeKeyDown={modal === 'blocking' ? (event) => event.preventDefault() : undefined}
          // Radix warns unless a dialog without a description opts out explicitly.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className="dialog__title">{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="dialog__description">{description}</RadixDialog.Description>
          ) : null}
          {children ? <div className="dialog__body">{children}</div> : null}
          {footer ? <div className="dialog__footer">{footer}</div> : null}
          {modal === 'dismissable' ? (
            <RadixDialog.Close className="dialog__close" aria-label="Close">
              <span aria-hidden="true">×</span>
            </RadixDialog.Close>
          ) : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
