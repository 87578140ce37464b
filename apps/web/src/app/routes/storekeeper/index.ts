// The storekeeper's back office, loaded only when a storekeeper opens it.
export { StorekeeperHomePage } from './placeholder-pages';
