// The demo client's session in a benchmark's browser: signed in over the API and put into the tab's
// local storage as the web app keeps it, so a signed-in page opens as it does for a returning client.

const CLIENT = { phone: '79000000004', password: 'demo12345' };

/** Signs the demo client in; answers `{ accessToken, user }`. */
export async function signInDemoClient(url) {
  const response = await fetch(`${url}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(CLIENT),
  });
  if (!response.ok) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** Signs the demo client in and stores the session in a tab that is already on the shop's origin. */
export async function storeDemoSession(tab, url) {
  const { accessToken, user } = await signInDemoClient(url);
  await tab.evaluate(
    (token, account) => {
      localStorage.setItem('vmeste:token', JSON.stringify(token));
      localStorage.setItem('vmeste:user', JSON.stringify(account));
    },
    accessToken,
    user,
  );
}
