import { Button, Group, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  /** Closes the form without sending it. */
  onCancel: () => void;
  gap?: MantineSpacing;
} & (
  | { isSubmitting: boolean; submitLabel?: ReactNode; children?: never }
  /** A submit button of the form's own (an icon, a colour, a condition), in place of the plain one. */
  | { children: ReactNode; isSubmitting?: never; submitLabel?: never }
);

/** The foot of a form: «Отмена» and the submit button («Сохранить» unless named), at the right. */
export function FormFooter({ onCancel, gap, isSubmitting, submitLabel = 'Сохранить', children }: Props) {
  return (
    <Group justify="flex-end" gap={gap}>
      <Button variant="default" onClick={onCancel}>
        Отмена
      </Button>
      {children ?? (
        <Button type="submit" loading={isSubmitting}>
          {submitLabel}
        </Button>
      )}
    </Group>
  );
}
