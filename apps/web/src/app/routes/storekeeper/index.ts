// The storekeeper's back office, loaded only when a storekeeper opens it.
export { StorekeeperHomePage } from './storekeeper-home-page';
