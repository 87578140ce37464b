import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { usePurchaseChoices } from '../api/get-purchase-choices';

type Props = {
  value: string | null;
  onChange: (purchaseId: string | null, title: string | null) => void;
  label?: string;
  placeholder?: string;
  isRequired?: boolean;
  error?: string | undefined;
};

/** A purchase picked by part of its title, searched on the server. */
export function PurchaseSelect({ value, onChange, label = 'Закупка', placeholder = 'Все закупки', isRequired = false, error }: Props) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const choices = usePurchaseChoices(debouncedSearch);
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const data = (choices.data?.items ?? []).map((p) => ({ value: p.id, label: p.title }));
  // The picked purchase stays among the options while another search runs, so its title stays shown.
  if (picked && picked.value === value && !data.some((d) => d.value === picked.value)) data.unshift(picked);

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
