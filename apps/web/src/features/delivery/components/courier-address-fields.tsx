import { Alert, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { ADDRESS_SUGGEST_DELAY_MS, ADDRESS_SUGGEST_MIN_CHARS, type AddressSuggestion, type AddressSuggestResult } from '@vmeste/contract';
import { IconInfoCircle } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { AddressAutocomplete, type AddressSuggester } from '@/components/address-autocomplete';
import { isApiError } from '@/lib/api-client';
import type { FieldErrors } from '@/lib/form-errors';
import { suggestAddress } from '../api/suggest-address';

export type CourierFields = { address: string; postalCode: string; city: string; details: string };

/** The coordinates of a chosen suggestion, kept while the address still reads as that suggestion. */
export type PickedAddress = { value: string; lat: number | null; lon: number | null };

type Props = {
  values: CourierFields;
  errors: FieldErrors;
  onChange: (key: keyof CourierFields, value: string) => void;
  onPick: (picked: PickedAddress) => void;
  /** The shop's setting: undefined until the settings arrive. */
  isSuggestEnabled: boolean | undefined;
};

export const SUGGEST_OFF_MESSAGE = 'Подсказки адресов выключены: введите адрес полностью';
export const SUGGEST_PAUSED_MESSAGE = 'Подсказки адресов сейчас недоступны: введите адрес полностью';

/** The limits of the shop's suggestions (429) or the service being down: the field goes on without them. */
const isSuggestUnavailable = (error: unknown) => isApiError(error) && (error.statusCode === 429 || error.statusCode >= 500);

/**
 * The courier's address. With suggestions on, the address field suggests as the client types, and a
 * chosen suggestion fills the postal code and the city (still editable) and keeps its coordinates.
 * With them off — by the shop's setting, or when the server answers that it has no key — it is a
 * plain field, and the postal code and the city are typed by hand. When the server refuses a
 * suggestion (past its limits, or the service is down) the field turns plain for the rest of the
 * form, so typing on sends no more requests and shows no error for each letter.
 */
export function CourierAddressFields({ values, errors, onChange, onPick, isSuggestEnabled }: Props) {
  const [isOffOnServer, setOffOnServer] = useState(false);
  const [isPaused, setPaused] = useState(false);
  const found = useRef(new Map<string, AddressSuggestion>());
  const isSuggesting = isSuggestEnabled === true && !isOffOnServer && !isPaused;
  const isOff = isSuggestEnabled === false || isOffOnServer;

  const suggest = useCallback<AddressSuggester>(async (query, signal) => {
    let result: AddressSuggestResult;
    try {
      result = await suggestAddress(query, signal);
    } catch (error) {
      if (!isSuggestUnavailable(error)) throw error;
      setPaused(true);
      return [];
    }
    if (!result.isEnabled) {
      setOffOnServer(true);
      return [];
    }
    for (const suggestion of result.suggestions) found.current.set(suggestion.value, suggestion);
    return result.suggestions.map((s) => s.value);
  }, []);

  function choose(value: string) {
    const suggestion = found.current.get(value);
    if (!suggestion) return;
    onChange('address', suggestion.value);
    if (suggestion.postalCode) onChange('postalCode', suggestion.postalCode);
    if (suggestion.city) onChange('city', suggestion.city);
    onPick({ value: suggestion.value, lat: suggestion.lat, lon: suggestion.lon });
  }

  const addressProps = {
    label: 'Адрес доставки',
    placeholder: 'Город, улица, дом',
    withAsterisk: true,
    error: errors.address,
  };

  return (
    <Stack gap="sm">
      {(isOff || isPaused) && (
        <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} p="xs">
          {isOff ? SUGGEST_OFF_MESSAGE : SUGGEST_PAUSED_MESSAGE}
        </Alert>
      )}
      {isSuggesting ? (
        <AddressAutocomplete
          {...addressProps}
          description="Начните вводить адрес и выберите подсказку — индекс и город заполнятся сами"
          value={values.address}
          onChange={(value) => onChange('address', value)}
          onOptionSubmit={choose}
          suggest={suggest}
          minChars={ADDRESS_SUGGEST_MIN_CHARS}
          delayMs={ADDRESS_SUGGEST_DELAY_MS}
        />
      ) : (
        <TextInput
          {...addressProps}
          value={values.address}
          onChange={(event) => onChange('address', event.currentTarget.value)}
          autoComplete="street-address"
        />
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label="Индекс"
          value={values.postalCode}
          onChange={(event) => onChange('postalCode', event.currentTarget.value)}
          error={errors.postalCode}
          inputMode="numeric"
          maxLength={6}
          autoComplete="postal-code"
          withAsterisk
        />
        <TextInput
          label="Город"
          value={values.city}
          onChange={(event) => onChange('city', event.currentTarget.value)}
          error={errors.city}
          autoComplete="address-level2"
          withAsterisk
        />
      </SimpleGrid>
      <TextInput
        label="Квартира, подъезд, этаж"
        placeholder="кв. 12, подъезд 2, этаж 5, домофон 12"
        value={values.details}
        onChange={(event) => onChange('details', event.currentTarget.value)}
        error={errors.details}
      />
    </Stack>
  );
}
