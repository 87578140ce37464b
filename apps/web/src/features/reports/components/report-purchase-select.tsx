import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { usePurchase } from '../api/get-purchase';
import { usePurchaseChoices } from '../api/get-purchase-choices';

/** The report's purchase filter: a purchase picked by part of its title, searched on the server. */
export function ReportPurchaseSelect({ value, onChange }: { value: string | null; onChange: (purchaseId: string | null) => void }) {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, 300);
  const choices = usePurchaseChoices(debouncedSearch);
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null);
  const data = (choices.data?.items ?? []).map((p) => ({ value: p.id, label: p.title }));
  const isKnown = (id: string) => data.some((d) => d.value === id) || picked?.value === id;
  // A purchase from a shared link may be missing from the first page of choices: its title is read by id.
  const linked = usePurchase(value && !isKnown(value) ? value : null);
  // The picked purchase stays among the options while another search runs, so its title stays shown.
  if (picked && picked.value === value && !data.some((d) => d.value === picked.value)) data.unshift(picked);
  if (linked.data && linked.data.id === value && !data.some((d) => d.value === value)) {
    data.unshift({ value: linked.data.id, label: linked.data.title });
  }

  return (
    <Select
      label="Закупка"
      placeholder="Все закупки"
      data={data}
      value={value}
      onChange={(next, option) => {
        setPicked(next ? { value: next, label: option.label } : null);
        onChange(next);
      }}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={choices.isFetching ? 'Ищем…' : 'Такой закупки нет'}
      filter={({ options }) => options}
      clearable
    />
  );
}
