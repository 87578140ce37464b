// The logistics feature: the logistician's back office — what waits (summary), delivery invoices and
// shipments through Boxberry by stage, Boxberry's pickup points and their sync, the Boxberry settings
// and the delivery price list with its versions and XLSX.
export { BoxberrySettingsPanel } from './components/boxberry-settings-form';
export { LogisticsParcelsDesk } from './components/logistics-parcels-desk';
export { LogisticsSummaryCards } from './components/logistics-summary-cards';
export { PickupPointsDesk } from './components/pickup-points-desk';
export { PointsSyncCard } from './components/points-sync-card';
export { PriceListPanel } from './components/price-list-panel';
