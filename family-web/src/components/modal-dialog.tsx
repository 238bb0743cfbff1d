import { useEffect, useId, useRef, type ReactNode } from 'react';
import { CloseIcon } from './icons';

export interface ModalDialogProps {
  title: ReactNode;
  /** Label of the close button (translated by the caller). */
  closeLabel: string;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  /** 'sheet' fills a phone screen (the transfer week); 'card' is a centred box. */
  size?: 'card' | 'sheet' | 'small';
  testId?: string;
}

/**
 * A modal on the native <dialog>: the browser traps focus, closes on Escape and restores focus
 * on close, and the top layer puts it above the calendar's own stacking contexts.
 */
export function ModalDialog({
  title,
  closeLabel,
  onClose,
  children,
  footer,
  size = 'card',
  testId,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    // Escape fires "cancel": the parent decides, so the dialog is not closed behind React's back.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`modal modal--${size}`}
      aria-labelledby={titleId}
      data-testid={testId}
      // A tap on the backdrop (the dialog element itself, outside its box) closes it.
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div className="modal__box">
        <header className="modal__head">
          <h2 className="modal__title" id={titleId}>
            {title}
          </h2>
          <button
            type="button"
            className="icon-button"
            onClick={onClose}
            aria-label={closeLabel}
            title={closeLabel}
            data-testid="modal-close"
          >
            <CloseIcon />
          </button>
        </header>
        <div className="modal__body">{children}</div>
        {footer ? <footer className="modal__foot">{footer}</footer> : null}
      </div>
    </dialog>
  );
}
