import { Stack, Title } from '@mantine/core';
import { PaymentsExportForm } from '@/features/payments';

/** «Выгрузка оплаты»: XLSX for the supplier and the books. */
export function AdminExportPaymentPage() {
  return (
    <Stack gap="lg">
      <Title order={1}>Выгрузка оплаты</Title>
      <PaymentsExportForm />
    </Stack>
  );
}
