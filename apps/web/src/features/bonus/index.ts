// The bonus feature: the client's bonus account (balance, terms, friends invited, history) and the
// bonuses spent at checkout; the admin's settings, exceptions (purchases without cashback, custom
// percents) and manual accrual, one client at a time or by a table.
export { BonusBalanceCard } from './components/bonus-balance-card';
export { BonusExceptions } from './components/bonus-exceptions';
export { BonusSettingsPanel } from './components/bonus-settings-form';
export { BonusSpendOffer } from './components/bonus-spend-offer';
export { BonusUploadPanel } from './components/bonus-upload-panel';
export { BonusUploadsHistory } from './components/bonus-uploads-history';
export { ManualBonusForm } from './components/manual-bonus-form';
export { MyBonusHistory } from './components/my-bonus-history';
export { MyBonusOverview } from './components/my-bonus-overview';
export { useBonusSpend } from './components/use-bonus-spend';
