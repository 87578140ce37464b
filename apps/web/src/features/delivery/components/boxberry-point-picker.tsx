import { Anchor, Badge, Group, Loader, Paper, Radio, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { cleanPointName, type DeliveryCity, type PickupPoint, plural, pointAddressOf } from '@vmeste/contract';
import { IconMapPin, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useDeliveryCities } from '../api/get-delivery-cities';
import { usePickupPoints } from '../api/get-pickup-points';

/** A big city has hundreds of points: the list shows this many, and the search narrows it. */
const SHOWN_POINTS = 50;
const SEARCH_DELAY_MS = 300;

const cityLabel = (city: DeliveryCity) => (city.region && city.region !== city.name ? `${city.name} (${city.region})` : city.name);

type Props = {
  cityCode: string;
  pointCode: string;
  onCityChange: (cityCode: string) => void;
  onPointChange: (pointCode: string) => void;
  cityError?: string | undefined;
  pointError?: string | undefined;
  /** The point saved in the method being edited: named even when the search hides it. */
  savedPoint?: PickupPoint | null;
};

/** A Boxberry point: the city first (searchable), then the city's points, searched by address, as cards to choose. */
export function BoxberryPointPicker({ cityCode, pointCode, onCityChange, onPointChange, cityError, pointError, savedPoint }: Props) {
  const cities = useDeliveryCities();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);
  const points = usePickupPoints(cityCode, query);
  const found = points.data ?? [];
  const shown = found.slice(0, SHOWN_POINTS);
  const chosen = found.find((p) => p.code === pointCode) ?? (savedPoint?.code === pointCode ? savedPoint : null);
  const hiddenChoice = chosen && !shown.some((p) => p.code === chosen.code) ? chosen : null;

  // No cities at all: the shop has no points loaded, or Boxberry is off on the server.
  if (cities.data?.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="no-boxberry-points">
        Доставка в пункты выдачи Boxberry сейчас недоступна: выберите курьера или самовывоз
      </Text>
    );
  }

  return (
    <Stack gap="sm">
      <Select
        label="Город"
        placeholder={cities.isPending ? 'Загружаем города…' : 'Начните вводить название'}
        data={(cities.data ?? []).map((city) => ({ value: city.code, label: cityLabel(city) }))}
        value={cityCode || null}
        onChange={(code) => {
          setSearch('');
          onCityChange(code ?? '');
        }}
        searchable
        limit={100}
        nothingFoundMessage="Нет такого города среди городов с пунктами выдачи"
        error={cityError}
        withAsterisk
        leftSection={<IconMapPin size={16} aria-hidden />}
      />
      {cityCode && (
        <>
          <TextInput
            label="Найти пункт выдачи"
            placeholder="Улица, метро или название пункта"
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            leftSection={<IconSearch size={16} aria-hidden />}
            rightSection={points.isFetching ? <Loader size="xs" /> : null}
          />
          <Radio.Group label="Пункт выдачи" value={pointCode} onChange={onPointChange} error={pointError} withAsterisk name="pickup-point">
            <Stack gap="xs" mt="xs">
              {hiddenChoice && (
                <Text size="sm" data-testid="chosen-point">
                  Выбран: {cleanPointName(hiddenChoice)}, {pointAddressOf(hiddenChoice)}
                </Text>
              )}
              {points.isPending ? (
                <Loader size="sm" role="status" aria-label="Загрузка пунктов выдачи" />
              ) : points.isError ? (
                <Text size="sm" c="red">
                  Не удалось загрузить пункты выдачи. Попробуйте ещё раз.
                </Text>
              ) : found.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {query ? `По запросу «${query}» пунктов выдачи нет.` : 'В этом городе пока нет пунктов выдачи, с которыми мы работаем.'}
                </Text>
              ) : (
                shown.map((point) => <PointOption key={point.code} point={point} isChosen={point.code === pointCode} />)
              )}
              {found.length > shown.length && (
                <Text size="xs" c="dimmed">
                  Показаны {shown.length} из {found.length} {plural(found.length, 'пункта', 'пунктов', 'пунктов')} — уточните адрес в
                  поиске.
                </Text>
              )}
            </Stack>
          </Radio.Group>
        </>
      )}
    </Stack>
  );
}

/** One point to choose: its radio labelled by the name, the address and hours under it, and the map link apart (a link inside a label would choose the point). */
function PointOption({ point, isChosen }: { point: PickupPoint; isChosen: boolean }) {
  return (
    <Paper withBorder radius="md" p="sm" style={isChosen ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}>
      <Stack gap={4}>
        <Radio
          value={point.code}
          label={
            <Group gap={6} component="span">
              <Text span fw={600} size="sm">
                {cleanPointName(point)}
              </Text>
              {point.isPostamat && (
                <Badge size="xs" variant="light" color="gray">
                  Постамат
                </Badge>
              )}
            </Group>
          }
          description={
            <>
              {pointAddressOf(point)}
              {point.workSchedule && (
                <>
                  <br />
                  {point.workSchedule}
                </>
              )}
              {point.deliveryPeriodDays !== null && (
                <>
                  <br />
                  Срок доставки — {point.deliveryPeriodDays} {plural(point.deliveryPeriodDays, 'день', 'дня', 'дней')}
                </>
              )}
            </>
          }
        />
        <Anchor href={point.mapUrl} target="_blank" rel="noopener noreferrer" size="sm" ml={32}>
          На карте
        </Anchor>
      </Stack>
    </Paper>
  );
}
