import { ActionIcon, Alert, Button, Card, Center, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  deliveryKindTitles,
  type Parcel,
  parcelNumberOfBarcode,
  type WarehouseClient,
  type WarehouseSearchResult,
  warehouseSearchQuerySchema,
} from '@vmeste/contract';
import { IconBarcode, IconPrinter, IconSearch, IconTruckDelivery } from '@tabler/icons-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useWarehouseSearch } from '../api/search-warehouse';
import { QueryError } from '@/components/query-error';
import { ClientOrdersTable } from './client-orders-table';
import { ClientParcelsTable } from './client-parcels-table';
import { LabelsModal } from './labels-modal';
import { PackParcelForm } from './pack-parcel-form';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { useScanCatcher } from './use-scan-catcher';
import { parseInRussian } from '@/lib/form-errors';

export const SEARCH_LABEL = 'Номер заказа, телефон или штрихкод';

// A light alert's title takes the colour's middle shade, too pale on its tint for 4.5:1: it is written in the text's colour.
const darkTitle = { title: { color: 'var(--mantine-color-text)' } };

const noMatchHints: Record<WarehouseSearchResult['matchedBy'], string> = {
  parcel: 'Посылки с таким штрихкодом нет.',
  order: 'Заказа с таким номером нет, или он отменён.',
  phone: 'У клиента с этим телефоном нет заказов и посылок на складе.',
  nothing: 'Введите номер заказа, телефон клиента или отсканируйте штрихкод посылки.',
};

/**
 * «Выдача и упаковка»: one field for whatever the storekeeper types or scans (`?q=` keeps it over a
 * reload), the client it leads to, packing their orders and handing over their parcels. After every
 * search the field keeps the focus with its text selected, so the next scan replaces it and parcel
 * after parcel goes without the mouse.
 */
export function WarehouseSearchDesk() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [text, setText] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  const [error, setError] = useState<string | null>(null);
  const [searchCount, setSearchCount] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const search = useWarehouseSearch(q);
  useScanCatcher(inputRef);

  // The address changed by itself (the back button): the field shows what it holds.
  if (q !== shownQ) {
    setShownQ(q);
    setText(q);
  }

  // After the field shows the searched text, which a scan may have padded with spaces.
  useEffect(() => {
    const input = inputRef.current;
    if (!input || searchCount === 0) return;
    input.focus();
    input.select();
  }, [searchCount]);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setSearchCount((n) => n + 1);
    const parsed = parseInRussian(warehouseSearchQuerySchema, { q: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    if (parsed.data.q === q) {
      void search.refetch();
      return;
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('q', parsed.data.q);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <Stack gap="lg">
      <form onSubmit={handleSubmit} noValidate role="search">
        <TextInput
          ref={inputRef}
          label={SEARCH_LABEL}
          description="Отсканируйте штрихкод посылки или введите номер и нажмите Enter"
          leftSection={<IconBarcode size={18} />}
          rightSection={
            <ActionIcon type="submit" size="md" aria-label="Найти" loading={search.isFetching}>
              <IconSearch size={16} />
            </ActionIcon>
          }
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          error={error}
          autoComplete="off"
          // The storekeeper opens this page to scan: the field is ready at once.
          autoFocus
          size="md"
          maw="32rem"
        />
      </form>
      {q && <SearchResults key={q} q={q} search={search} />}
    </Stack>
  );
}

function SearchResults({ q, search }: { q: string; search: ReturnType<typeof useWarehouseSearch> }) {
  if (search.isError) return <QueryError error={search.error} />;
  if (!search.data) {
    return (
      <Center py="xl">
        <Loader role="status" aria-label="Ищем" />
      </Center>
    );
  }
  const { matchedBy, clients } = search.data;
  if (clients.length === 0) {
    return (
      <Alert color="yellow" variant="light" title={`Ничего не найдено по «${q}»`} role="status" styles={darkTitle}>
        {noMatchHints[matchedBy]}
      </Alert>
    );
  }
  const scannedParcel = matchedBy === 'parcel' ? parcelNumberOfBarcode(q) : null;
  const searchedOrder = matchedBy === 'order' ? Number(q.replace(/\D/g, '')) : null;
  return (
    <Stack gap="lg">
      {clients.map((client, index) => (
        <ClientCard key={index} client={client} scannedParcelNumber={scannedParcel} searchedOrderNumber={searchedOrder} />
      ))}
    </Stack>
  );
}

/** One client: their orders, packing what may be packed, and their parcels with the actions. */
function ClientCard({
  client,
  scannedParcelNumber,
  searchedOrderNumber,
}: {
  client: WarehouseClient;
  scannedParcelNumber: number | null;
  searchedOrderNumber: number | null;
}) {
  const titleId = useId();
  const isNarrow = useIsNarrow();
  const [packed, setPacked] = useState<Parcel | null>(null);
  const [labelFor, setLabelFor] = useState<Parcel | null>(null);
  const packable = client.orders.filter((o) => o.isPackable);
  // The list's copy once it is refetched: it knows the parcel's later steps.
  const newParcel = packed ? (client.parcels.find((p) => p.id === packed.id) ?? packed) : null;
  const scannedId = client.parcels.find((p) => p.number === scannedParcelNumber)?.id ?? null;

  return (
    <Card withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={2} size="h3" id={titleId}>
              {client.clientName || 'Клиент без имени'}
            </Title>
            <Text c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {client.maskedPhone}
            </Text>
          </Stack>
          <Group gap={6} wrap="nowrap">
            <IconTruckDelivery size={20} aria-hidden />
            <Text fw={500}>{deliveryKindTitles[client.deliveryKind]}</Text>
          </Group>
        </Group>

        {newParcel && (
          <Alert color="teal" variant="light" title={`Посылка № ${newParcel.number} упакована`} role="status" styles={darkTitle}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">Наклейте этикетку на коробку; когда посылка будет на полке, нажмите «Готово к выдаче».</Text>
              <Button size="xs" leftSection={<IconPrinter size={16} />} onClick={() => setLabelFor(newParcel)}>
                Напечатать этикетку
              </Button>
            </Stack>
          </Alert>
        )}

        <Stack gap="xs">
          <Title order={3} size="h4">
            Заказы
          </Title>
          {client.orders.length > 0 ? (
            <ClientOrdersTable orders={client.orders} highlightedNumber={searchedOrderNumber} isNarrow={isNarrow} />
          ) : (
            <Text size="sm" c="dimmed">
              Заказов на складе нет.
            </Text>
          )}
        </Stack>

        {packable.length > 0 && (
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} bg="gray.0">
            <PackParcelForm
              key={packable.map((o) => o.id).join()}
              orders={packable}
              deliveryKind={client.deliveryKind}
              onPacked={setPacked}
            />
          </Paper>
        )}

        <Stack gap="xs">
          <Title order={3} size="h4">
            Посылки
          </Title>
          {client.parcels.length > 0 ? (
            <ClientParcelsTable parcels={client.parcels} highlightedId={scannedId} newId={newParcel?.id ?? null} isNarrow={isNarrow} />
          ) : (
            <Text size="sm" c="dimmed">
              Невыданных посылок нет.
            </Text>
          )}
        </Stack>
      </Stack>
      <LabelsModal parcels={labelFor ? [labelFor] : null} onClose={() => setLabelFor(null)} />
    </Card>
  );
}
