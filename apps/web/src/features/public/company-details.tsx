import { Anchor, Stack, Text } from '@mantine/core';
import { usePublicSettings } from '@/lib/public-settings';

const DASH = '—';

/** The seller's details as configured on the server (COMPANY_* variables). */
export function useCompany() {
  const s = usePublicSettings();
  return {
    name: s?.companyName ?? DASH,
    inn: s?.companyInn ?? DASH,
    ogrn: s?.companyOgrn ?? DASH,
    address: s?.companyAddress ?? DASH,
    email: s?.companyEmail ?? DASH,
    phone: s?.companyPhone ?? DASH,
    bot: s?.telegramBotUsername ?? null,
  };
}

export function CompanyDetails() {
  const c = useCompany();
  return (
    <Stack gap={2}>
      <Text fw={600}>{c.name}</Text>
      <Text>
        ИНН {c.inn}, ОГРН {c.ogrn}
      </Text>
      <Text>Адрес: {c.address}</Text>
      <Text>
        Электронная почта: <Anchor href={`mailto:${c.email}`}>{c.email}</Anchor>
      </Text>
      <Text>
        Телефон: <Anchor href={`tel:${c.phone.replace(/[^\d+]/g, '')}`}>{c.phone}</Anchor>
      </Text>
    </Stack>
  );
}
