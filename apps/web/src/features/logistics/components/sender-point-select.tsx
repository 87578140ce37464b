import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AdminPoint } from '@vmeste/contract';
import { useState } from 'react';
import { usePoints } from '../api/get-points';
import { SEARCH_DELAY_MS } from '@/components/search-input';

const OPTIONS_LIMIT = 30;
const MIN_SEARCH_CHARS = 2;

export const senderPointLabelOf = (p: Pick<AdminPoint, 'cityName' | 'address' | 'code'>) => `${p.cityName}, ${p.address} (${p.code})`;

/**
 * The point the shop hands its parcels in at: the server finds points by the typed text, so the list
 * is never the whole of Boxberry; the chosen point stays among the options with its saved title.
 */
export function SenderPointSelect({
  value,
  title,
  onChange,
  error,
}: {
  value: string | null;
  /** The chosen point as the settings describe it, before any search found it. */
  title: string | null;
  onChange: (code: string | null, label: string | null) => void;
  error?: string | undefined;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  // Picking an option puts its label into the field: that is not a search.
  const isTyped = debounced.length >= MIN_SEARCH_CHARS && debounced !== title;
  const points = usePoints({ q: isTyped ? debounced : '', pageSize: OPTIONS_LIMIT }, { isEnabled: isTyped });
  const found = isTyped ? (points.data?.items ?? []) : [];
  const options = found.map((p) => ({ value: p.code, label: senderPointLabelOf(p) }));
  if (value && !options.some((o) => o.value === value)) options.unshift({ value, label: title ?? value });

  return (
    <Select
      label="Пункт приёма (откуда отправляем)"
      description="Пункт Boxberry, куда магазин сдаёт посылки. Начните вводить адрес или название"
      placeholder="Найдите пункт"
      data={options}
      value={value}
      onChange={(code, option) => onChange(code, code ? option.label : null)}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has already filtered by the text; the field must not filter its answer again.
      filter={({ options: all }) => all}
      nothingFoundMessage={!isTyped ? 'Введите хотя бы 2 символа' : points.isFetching ? 'Ищем…' : 'Ничего не нашлось'}
      error={error}
    />
  );
}
