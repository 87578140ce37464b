import { Pagination } from '@mantine/core';

/** The paging of a phone's card list (the tables page by themselves). */
export function Pager({
  total,
  pageSize,
  page,
  onChange,
}: {
  total: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
}) {
  if (total <= pageSize) return null;
  return (
    <Pagination
      total={Math.ceil(total / pageSize)}
      value={page}
      onChange={onChange}
      size="sm"
      getItemProps={(n) => ({ 'aria-label': `Страница ${n}` })}
      getControlProps={(control) => ({ 'aria-label': control === 'next' ? 'Следующая страница' : 'Предыдущая страница' })}
    />
  );
}
