import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

export const SEARCH_DELAY_MS = 400;

/**
 * A search field that hands its text on once typing pauses, so the address (and the request) do not
 * change on every key; a change of the address by itself (the back button, a reset) shows here.
 */
export function SearchInput({
  value,
  onChange,
  label,
  placeholder,
  w,
}: {
  value: string;
  onChange: (text: string) => void;
  label: string;
  placeholder?: string;
  w?: number | string;
}) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, SEARCH_DELAY_MS);
  useEffect(() => {
    if (debounced.trim() !== value) onChange(debounced.trim());
    // Only a pause in typing sends the text; the address changing by itself must not echo back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  useEffect(() => {
    // Compared with what was last sent, not with the text, so keys typed meanwhile are never lost.
    if (value !== debounced.trim()) setText(value);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      w={w}
    />
  );
}
