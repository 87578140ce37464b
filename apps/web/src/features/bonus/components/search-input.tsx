import { TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

export const SEARCH_DELAY_MS = 400;

/** A search field that hands its text on once typing pauses, so a request does not go on every key. */
export function SearchInput({ onChange, label, placeholder }: { onChange: (text: string) => void; label: string; placeholder?: string }) {
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DELAY_MS);
  useEffect(() => {
    onChange(debounced);
    // Only a pause in typing sends the text; a new `onChange` of the parent's render must not resend it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
    />
  );
}
