// The logistician's back office, loaded only when a logistician opens it.
export {
  LogisticianInvoicesPage,
  LogisticianMainPage,
  LogisticianPvzPage,
  LogisticianSettingsBoxberryPage,
  LogisticianSettingsPriceListPage,
} from './placeholder-pages';
