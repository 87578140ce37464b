import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { usePurchase } from '../api/get-purchase';
import { usePurchaseChoices } from '../api/get-purchases';

type Props = {
  value: string | null;
  onChange: (purchaseId: string | null, title: string | null) => void;
  label?: string;
  placeholder?: string;
  isRequired?: boolean;
  error?: string | undefined;
};

/**
 * A purchase picked by part of its title, searched on the server. A purchase given from outside (a
 * shared link's filter) may be missing from the first page of choices: its title is read by id.
 */
export function PurchaseSelect({ value, onChange, label = 'Закупка', placeholder = 'Все закупки', isRequired = false, error }: Props) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const choices = usePurchaseChoices(debouncedSearch);
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const data = (choices.data?.items ?? []).map((p) => ({ value: p.id, label: p.title }));
  const isKnown = (id: string) => data.some((d) => d.value === id) || picked?.value === id;
  const linked = usePurchase(value && !isKnown(value) ? value : null);
  // The picked purchase stays among the options while another search runs, so its title stays shown.
  if (picked && picked.value === value && !data.some((d) => d.value === picked.value)) data.unshift(picked);
  if (linked.data && linked.data.id === value && !data.some((d) => d.value === value)) {
    data.unshift({ value: linked.data.id, label: linked.data.title });
  }

  return (
    <Select
      label={label}
      placeholder={placeholder}
      withAsterisk={isRequired}
      data={data}
      value={value}
      onChange={(next, option) => {
        setPicked(next ? { value: next, label: option.label } : null);
        onChange(next, next ? option.label : null);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={choices.isFetching ? 'Ищем…' : 'Такой закупки нет'}
      filter={({ options }) => options}
      clearable
      error={error}
    />
  );
}
