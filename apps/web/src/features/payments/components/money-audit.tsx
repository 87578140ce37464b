import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { type MoneyDifference, type MoneyDifferenceKind, moneyDifferenceKindTitles, plural } from '@vmeste/contract';
import { IconRefresh } from '@tabler/icons-react';
import { BackOfficeTable } from '@/components/back-office-table';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useMoneyAudit } from '../api/get-money-audit';

type Row = MoneyDifference & { id: number };

const sumText = (kopecks: number | null) => (kopecks === null ? '—' : formatMoney(kopecks));

/** The differences of one kind, in the order the server found them (by number). */
function groupsOf(differences: MoneyDifference[]): { kind: MoneyDifferenceKind; rows: Row[] }[] {
  const groups = new Map<MoneyDifferenceKind, Row[]>();
  differences.forEach((d, id) => groups.set(d.kind, [...(groups.get(d.kind) ?? []), { ...d, id }]));
  return [...groups].map(([kind, rows]) => ({ kind, rows }));
}

/**
 * «Сверка» on «Оплаты»: the server recomputes every sum of money from its rows — payments, refunds,
 * orders, the bonus ledger, delivery invoices — and each difference is a row here, grouped by what
 * differs. The same check as `npm run audit:money`.
 */
export function MoneyAudit() {
  const audit = useMoneyAudit();

  const again = (
    <Button
      variant="default"
      size="xs"
      leftSection={<IconRefresh size={16} />}
      loading={audit.isFetching}
      onClick={() => void audit.refetch()}
    >
      Проверить снова
    </Button>
  );
  if (audit.isPending) {
    return (
      <Group gap="sm">
        <Loader size="sm" role="status" aria-label="Сверка идёт" />
        <Text c="dimmed">Пересчитываем платежи, возвраты, заказы и бонусы…</Text>
      </Group>
    );
  }
  if (audit.isError) {
    return (
      <Stack gap="sm" align="flex-start">
        <Alert color="red" variant="light" role="alert">
          Сверка не выполнена: {audit.error.message}
        </Alert>
        {again}
      </Stack>
    );
  }

  const { differences, checkedAt } = audit.data;
  return (
    <Stack gap="md" data-testid="money-audit">
      <Group justify="space-between" align="center" gap="xs">
        <Text size="sm" c="dimmed">
          Проверено {formatDateTime(checkedAt)}: платежи и их позиции, возвраты, оплаченное по заказам и счетам доставки, суммы заказов,
          итоги клиентов, бонусные счета и то, что нашла сверка с платёжным сервисом.
        </Text>
        {again}
      </Group>
      {differences.length === 0 ? (
        <Alert color="teal" variant="light" data-testid="money-audit-clean">
          Расхождений нет
        </Alert>
      ) : (
        <>
          <Group gap="xs">
            <Badge color="red.9" variant="filled" size="lg" data-testid="money-audit-count">
              {differences.length} {plural(differences.length, 'расхождение', 'расхождения', 'расхождений')}
            </Badge>
            <Text size="sm" c="dimmed">
              «Должно быть» — сумма, пересчитанная по строкам, из которых она складывается; «В магазине» — то, что записано.
            </Text>
          </Group>
          {groupsOf(differences).map(({ kind, rows }) => (
            <Card key={kind} withBorder radius="md" padding="md" component="section" aria-label={moneyDifferenceKindTitles[kind]}>
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {moneyDifferenceKindTitles[kind]} · {rows.length}
                </Title>
                <BackOfficeTable<Row>
                  minHeight={0}
                  records={rows}
                  idAccessor="id"
                  customRowAttributes={() => ({ 'data-testid': 'money-difference' })}
                  columns={[
                    {
                      accessor: 'object',
                      title: 'Что',
                      noWrap: true,
                      render: (r) => (
                        <Text size="sm" fw={600}>
                          {r.object}
                        </Text>
                      ),
                    },
                    { accessor: 'description', title: 'Расхождение', render: (r) => <Text size="sm">{r.description}</Text> },
                    {
                      accessor: 'expectedKopecks',
                      title: 'Должно быть',
                      textAlign: 'right',
                      noWrap: true,
                      render: (r) => sumText(r.expectedKopecks),
                    },
                    {
                      accessor: 'actualKopecks',
                      title: 'В магазине',
                      textAlign: 'right',
                      noWrap: true,
                      render: (r) => sumText(r.actualKopecks),
                    },
                  ]}
                />
              </Stack>
            </Card>
          ))}
        </>
      )}
    </Stack>
  );
}
