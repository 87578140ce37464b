import { SectionPlaceholder } from '@/components/section-placeholder';

export const LogisticianMainPage = SectionPlaceholder;
export const LogisticianInvoicesPage = SectionPlaceholder;
export const LogisticianPvzPage = SectionPlaceholder;
export const LogisticianSettingsBoxberryPage = SectionPlaceholder;
export const LogisticianSettingsPriceListPage = SectionPlaceholder;
