import { type RefObject, useEffect } from 'react';

const NOT_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'file', 'range', 'color', 'image']);

function isTextEntry(element: Element | null): boolean {
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement) return !NOT_TEXT_INPUTS.has(element.type);
  return element instanceof HTMLElement && element.isContentEditable;
}

/**
 * A barcode scanner types into whatever has the focus and presses Enter. When the focus was left on a
 * button (after «Готово к выдаче», say), the scan's Enter would press it again; so the first digit
 * typed outside any text field or dialog moves the focus to the search field, with its text selected,
 * and the scan goes there. Moving the focus during keydown makes the browser type the key into the
 * newly focused field.
 */
export function useScanCatcher(inputRef: RefObject<HTMLInputElement | null>): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      const input = inputRef.current;
      if (!input || event.ctrlKey || event.metaKey || event.altKey || !/^[\d+]$/.test(event.key)) return;
      const active = document.activeElement;
      if (active === input || isTextEntry(active)) return;
      if (active?.closest('[role="dialog"]') || document.querySelector('[aria-modal="true"]')) return;
      input.focus();
      input.select();
    }
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [inputRef]);
}
