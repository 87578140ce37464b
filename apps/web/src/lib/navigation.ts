/**
 * Lets modules outside React (the API client's 401 handling, logout) move the user; the router
 * registers its navigate function here when it starts.
 */
type Navigate = (to: string) => void | Promise<void>;

let navigateImpl: Navigate = (to) => window.location.assign(to);

export function setNavigator(navigate: Navigate): void {
  navigateImpl = navigate;
}

/** Resolves once the new page is shown (the data router loads lazy pages before it switches). */
export async function navigateTo(to: string): Promise<void> {
  await navigateImpl(to);
}
