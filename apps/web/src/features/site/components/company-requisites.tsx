import { Skeleton, Stack, Text } from '@mantine/core';
import { usePublicSettings } from '../api/get-public-settings';
import { EmailAndPhoneLines } from './company-links';

/** The seller's details as configured on the server (COMPANY_* variables), with placeholders while loading. */
export function CompanyRequisites() {
  const s = usePublicSettings();
  if (!s) {
    return (
      <Stack gap={8} aria-busy="true">
        <Skeleton h={18} w="40%" />
        <Skeleton h={16} w="60%" />
        <Skeleton h={16} w="80%" />
        <Skeleton h={16} w="50%" />
      </Stack>
    );
  }
  return (
    <Stack gap={2} lh={1.6}>
      <Text fw={600}>{s.companyName}</Text>
      <Text>ИНН {s.companyInn}</Text>
      <Text>ОГРН {s.companyOgrn}</Text>
      <Text>Адрес: {s.companyAddress}</Text>
      <EmailAndPhoneLines />
    </Stack>
  );
}
