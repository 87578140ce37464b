import { usePublicSettings } from '../api/get-public-settings';

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
