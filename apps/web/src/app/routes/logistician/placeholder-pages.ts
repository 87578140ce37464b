import { SectionPlaceholder } from '@/components/section-placeholder';

// The logistician's area comes with a later release.
export const LogisticianMainPage = SectionPlaceholder;
export const LogisticianInvoicesPage = SectionPlaceholder;
export const LogisticianPvzPage = SectionPlaceholder;
export const LogisticianSettingsBoxberryPage = SectionPlaceholder;
export const LogisticianSettingsPriceListPage = SectionPlaceholder;
