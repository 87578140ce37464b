import { apiAs, demo, expect, signInAs, test } from './fixtures';

type OrderPage = { items: { id: string; number: number }[] };
type PurchasePage = { items: { id: string; title: string }[] };

const PURCHASE = 'Зимняя обувь «Топотушки»';

/**
 * The storekeeper's whole day on the demo purchase that is on its way: receiving with one product
 * missing, a scanned order number, a parcel packed with its weight, its label opened for printing,
 * and the hand-over to the client who names the last four digits of the phone. The demo client then
 * sees the order received, with what did not arrive and the money to come back.
 */
test('the storekeeper receives the demo purchase, packs the client’s order, opens its label and hands it over; the client sees «Получен»', async ({
  page,
  browser,
}) => {
  const admin = await apiAs(page.request, 'admin');
  const purchase = (await admin<PurchasePage>('GET', `/purchases?search=${encodeURIComponent('Топотушки')}`)).items[0]!;
  const order = (await admin<OrderPage>('GET', `/orders?purchaseId=${purchase.id}&phone=${demo.client.phone}`)).items[0]!;

  await signInAs(page, 'storekeeper', '/storekeeper/home?tab=receiving');
  await expect(page.getByRole('heading', { level: 1, name: 'Главная' })).toBeVisible();
  await page.getByRole('button', { name: `Лист приёмки: ${PURCHASE}` }).click();

  // The felt boots did not come; everything else arrived in full.
  await page.getByRole('button', { name: 'Не поступило: Валенки с калошами, размер 27' }).click();
  await expect(page.getByText(/Принято строк: 2 из 4/)).toBeVisible();
  await page.getByRole('button', { name: 'Принять всё остальное' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Принять всё' }).click();
  await expect(page.getByText(/Принято строк: 4 из 4/)).toBeVisible();

  // A scanner types the number and presses Enter; the field keeps focus for the next scan.
  await page.getByRole('tab', { name: 'Выдача и упаковка' }).click();
  const search = page.getByLabel('Номер заказа, телефон или штрихкод');
  await expect(search).toBeFocused();
  await search.pressSequentially(String(order.number));
  await search.press('Enter');
  await expect(page.getByRole('heading', { name: 'Иванова Мария' })).toBeVisible();
  await expect(search).toBeFocused();

  await page.getByLabel(/Вес, г/).fill('1250');
  await page.getByRole('button', { name: 'Упаковать', exact: true }).click();
  const packed = page.getByText(/Посылка № (\d+) упакована/).first();
  await expect(packed).toBeVisible();
  const parcelNumber = Number(/№ (\d+)/.exec((await packed.textContent())!)![1]);

  // The label opens in a new tab as a PDF, ready to print.
  await page.getByRole('button', { name: `Этикетка: посылка № ${parcelNumber}` }).click();
  const labels = page.getByRole('dialog', { name: `Этикетка посылки № ${parcelNumber}` });
  await labels.getByLabel('A6 (105 × 148 мм)').check();
  const [tab] = await Promise.all([page.waitForEvent('popup'), labels.getByRole('button', { name: 'Открыть для печати' }).click()]);
  await tab.waitForURL(/^blob:/);
  await expect.poll(() => tab.evaluate(() => document.contentType)).toBe('application/pdf');
  await tab.close();

  // Wrong digits are refused; the client's own ones hand the parcel over.
  await page.getByRole('button', { name: `Выдать: посылка № ${parcelNumber}` }).click();
  const handOver = page.getByRole('dialog', { name: `Выдать посылку № ${parcelNumber}` });
  await handOver.getByLabel(/Последние 4 цифры телефона/).fill('1111');
  await handOver.getByRole('button', { name: 'Выдать', exact: true }).click();
  await expect(handOver.getByText('Последние 4 цифры телефона не совпадают', { exact: false })).toBeVisible();
  await handOver.getByLabel(/Последние 4 цифры телефона/).fill(demo.client.phone.slice(-4));
  await handOver.getByRole('button', { name: 'Выдать', exact: true }).click();
  await expect(handOver).toBeHidden();
  await expect(page.getByTestId(`parcel-${parcelNumber}`)).toContainText('Выдана');

  const clientContext = await browser.newContext();
  const clientPage = await clientContext.newPage();
  await signInAs(clientPage, 'client', '/personal/orders/paid');
  const card = clientPage.getByTestId('order-card').filter({ hasText: PURCHASE });
  await expect(card).toContainText('Получен');
  await expect(card).toContainText('Не поступило: 1 шт.');
  await expect(card).toContainText('К возврату');
  await clientContext.close();
});
