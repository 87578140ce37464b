import { SectionPlaceholder } from '@/components/section-placeholder';

/** Online payment comes with a later release. */
export const PaymentResultPage = SectionPlaceholder;
