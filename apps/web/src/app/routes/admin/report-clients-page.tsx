import { Stack, Title } from '@mantine/core';
import { routes } from '@/config/routes';
import { ClientsReport } from '@/features/reports';

/** «Отчет по клиентам»: every client's orders, money and bonuses, with totals, weekly charts and XLSX. */
export function AdminReportClientsPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>{routes.AdminReportClients.title}</Title>
      <ClientsReport />
    </Stack>
  );
}
