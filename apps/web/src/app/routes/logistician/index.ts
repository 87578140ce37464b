// The logistician's back office, loaded only when a logistician opens it. Its price list picks dates,
// so the date pickers' styles come with it.
import '@mantine/dates/styles.css';
export { LogisticianInvoicesPage } from './invoices-page';
export { LogisticianMainPage } from './main-page';
export { LogisticianPvzPage } from './pvz-page';
export { LogisticianSettingsBoxberryPage } from './settings-boxberry-page';
export { LogisticianSettingsPriceListPage } from './settings-price-list-page';
