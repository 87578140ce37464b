import { ActionIcon, type ActionIconProps, Group, Tooltip } from '@mantine/core';
import type { TablerIcon } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import type { ReactNode } from 'react';

/**
 * The last column of a back-office table: the row's buttons side by side at its right end, under a
 * header with no text unless `column` gives one.
 */
export function actionsColumn<T>(actionsOf: (row: T) => ReactNode, column: Partial<DataTableColumn<T>> = {}): DataTableColumn<T> {
  return {
    accessor: 'actions',
    title: '',
    textAlign: 'right',
    ...column,
    render: (row) => (
      <Group gap={4} justify="flex-end" wrap="nowrap">
        {actionsOf(row)}
      </Group>
    ),
  };
}

type Props = {
  /** The action, shown on hover: «Изменить». */
  title: string;
  /** The action and the row it acts on, for a screen reader: «Изменить: Зимняя обувь». */
  label: string;
  icon: TablerIcon;
  color?: ActionIconProps['color'];
  disabled?: boolean;
  onClick: () => void;
};

/** One quiet icon button of a table row (edit, delete, history), named on hover and to a screen reader. */
export function RowAction({ title, label, icon: Icon, color, disabled, onClick }: Props) {
  return (
    <Tooltip label={title}>
      <ActionIcon variant="subtle" color={color} aria-label={label} disabled={disabled} onClick={onClick}>
        <Icon size={18} />
      </ActionIcon>
    </Tooltip>
  );
}
