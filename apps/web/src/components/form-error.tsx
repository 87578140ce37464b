import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/** The form-level error (a server message with no field of its own), read out by screen readers. */
export function FormError({ message, children }: { message: string | null; children?: ReactNode }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert">
      {message}
      {children}
    </Alert>
  );
}
