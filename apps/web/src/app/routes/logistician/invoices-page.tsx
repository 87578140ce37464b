import { Stack, Title } from '@mantine/core';
import { routes } from '@/config/routes';
import { LogisticsParcelsDesk } from '@/features/logistics';

/** «Счета на оплату доставки»: parcels by delivery stage, invoices, shipments and their statuses. */
export function LogisticianInvoicesPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>{routes.LogisticianInvoices.title}</Title>
      <LogisticsParcelsDesk />
    </Stack>
  );
}
