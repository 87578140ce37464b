/**
 * Lets modules outside React (the API client's 401 handling, logout) move the user; the router
 * registers its navigate function here when it starts.
 */
let navigateImpl: (to: string) => void = (to) => window.location.assign(to);

export function setNavigator(navigate: (to: string) => void): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string): void {
  navigateImpl(to);
}
