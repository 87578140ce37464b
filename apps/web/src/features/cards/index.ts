// The cards feature: the bank cards clients transfer money to; purchases pick one of them.
export { useCards } from './api/get-cards';
export { AddCardButton } from './components/add-card-button';
export { CardsTable } from './components/cards-table';
