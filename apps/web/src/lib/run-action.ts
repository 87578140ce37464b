import { toast, toastServerError } from './toasts';

/**
 * A one-click action outside a form (deactivate, delete, change a status, bind a card): sent through
 * the feature's mutation, with the error toast of section 8 on failure and, when given, a success toast.
 * Resolves whether it succeeded, so a caller never has to catch.
 */
export async function runAction(send: () => Promise<unknown>, successMessage?: string): Promise<boolean> {
  try {
    await send();
  } catch (error) {
    toastServerError(error);
    return false;
  }
  if (successMessage) toast.success(successMessage);
  return true;
}
