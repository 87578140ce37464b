import { Autocomplete, type AutocompleteProps, Loader } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';

export const ADDRESS_MIN_CHARS = 1;
export const ADDRESS_DELAY_MS = 300;

export type AddressSuggester = (query: string, signal: AbortSignal) => Promise<string[]>;

type Props = Omit<AutocompleteProps, 'data' | 'onChange' | 'value'> & {
  value: string;
  onChange: (value: string) => void;
  /** Fetches suggestions (the address-suggestion service behind the server); without it, a plain input. */
  suggest?: AddressSuggester;
  minChars?: number;
  delayMs?: number;
};

/** An address input with suggestions after `minChars` characters and `delayMs` of quiet typing. */
export function AddressAutocomplete({
  value,
  onChange,
  suggest,
  minChars = ADDRESS_MIN_CHARS,
  delayMs = ADDRESS_DELAY_MS,
  ...props
}: Props) {
  const [query] = useDebouncedValue(value, delayMs);
  const [options, setOptions] = useState<string[]>([]);
  const [isLoading, setLoading] = useState(false);

  useEffect(() => {
    if (!suggest || query.trim().length < minChars) {
      setOptions([]);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    suggest(query.trim(), controller.signal)
      .then((found) => setOptions([...new Set(found)]))
      .catch(() => setOptions([]))
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [query, suggest, minChars]);

  return (
    <Autocomplete
      {...props}
      value={value}
      onChange={onChange}
      data={options}
      filter={({ options: all }) => all}
      rightSection={isLoading ? <Loader size="xs" /> : null}
      autoComplete="off"
    />
  );
}
