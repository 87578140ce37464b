import 'mantine-datatable/styles.css';
import { DataTable, type DataTableProps } from 'mantine-datatable';

const defaults = {
  withTableBorder: true,
  borderRadius: 'md',
  striped: true,
  highlightOnHover: true,
  minHeight: 160,
  paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) => `${from}–${to} из ${totalRecords}`,
  // The library's own words are English; a screen reader reads them to a Russian user.
  recordsPerPageLabel: 'Строк на странице',
  noRecordsText: 'Нет записей',
  loadingText: 'Загрузка…',
  getPaginationControlProps: (control: string) =>
    control === 'previous' ? { 'aria-label': 'Предыдущая страница' } : control === 'next' ? { 'aria-label': 'Следующая страница' } : {},
  getPaginationItemProps: (page: number) => ({ 'aria-label': `Страница ${page}` }),
  allRecordsSelectionCheckboxProps: { 'aria-label': 'Выбрать все строки' },
  getRecordSelectionCheckboxProps: (_record: unknown, index: number) => ({ 'aria-label': `Выбрать строку ${index + 1}` }),
  // A table wider than the page (the clients report beside the sidebar) shows its scrollbar without a
  // hover, so the columns to the right are seen to be there.
  scrollAreaProps: { type: 'auto' },
} as const;

/** The look of every back-office table: bordered, striped, Russian paging text. */
export function BackOfficeTable<T>(props: DataTableProps<T>) {
  // DataTableProps is a union of paging and selection variants; merged defaults keep the caller's variant.
  const merged = { ...defaults, ...props } as DataTableProps<T>;
  // Straight inside a column flex (a Stack) the table claims more height than it shows, and a Card
  // sized by a grid then squeezes what follows it (an Alert cut in half); a block wrapper reports its
  // real height.
  return (
    <div>
      <DataTable<T> {...merged} />
    </div>
  );
}
