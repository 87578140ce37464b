import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { PhoneInput, typedPhoneDigits } from '@/components/phone-input';

/** The client's phone (any part, in the shop's one phone mask), sent to the address once typing pauses. */
export function PhoneFilter({ value, onChange }: { value: string; onChange: (digits: string | null) => void }) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, 400);
  useEffect(() => {
    const digits = typedPhoneDigits(debounced);
    if (digits !== value) onChange(digits || null);
    // Only a pause in typing sends the phone; the address changing by itself must not echo back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);
  useEffect(() => {
    // The address changed by itself (filters reset, back button): show what it holds.
    // Compared with what was last sent, not with the text, so keys typed meanwhile are never lost.
    if (value !== typedPhoneDigits(debounced)) setText(value);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  return (
    <PhoneInput label="Телефон клиента" placeholder="Часть номера" leftSection={<IconSearch size={16} />} value={text} onChange={setText} />
  );
}
