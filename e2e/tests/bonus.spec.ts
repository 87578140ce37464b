import { readFile } from 'node:fs/promises';
import { type Browser, type Page } from '@playwright/test';
import { apiAs, type DemoRole, expect, payablePurchase, signInAs, signInWithPhone, signUpClient, test } from './fixtures';

/** Money as the app writes it, `1 234,56 ₽`, with any space character between the groups and before the sign. */
function rub(kopecks: number): RegExp {
  const sign = kopecks < 0 ? '[−-]' : '';
  const abs = Math.abs(kopecks);
  const whole = String(Math.trunc(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  const text = `${whole},${String(abs % 100).padStart(2, '0')} ₽`;
  return new RegExp(sign + text.replace(/ /g, '\\s'));
}

/** A page of its own for another person: the admin, the client and the storekeeper each sign in once. */
async function pageOf(browser: Browser, role: DemoRole, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInAs(page, role, path);
  return page;
}

/**
 * The whole round of the bonus programme on a client of the test's own: the admin credits them by a
 * spreadsheet and gives them 5 % cashback; the client pays an order partly with those bonuses in the
 * sandbox; the storekeeper hands the order over; the client's bonus page then shows the spend and the
 * cashback on the money part (5 % of 2 500 ₽), and the admin's history keeps the uploaded file.
 */
test('bonuses: a spreadsheet credit, 5 % cashback, part of a payment in bonuses, cashback at hand-over', async ({ page, browser }) => {
  test.slow();
  const admin = await apiAs(page.request, 'admin');
  const client = await signUpClient(page, { name: 'Вера', surname: 'Лебедева' });
  const run = `${Date.now() % 1_000_000}`;
  const purchase = await payablePurchase(admin, {
    title: `Пледы ${run}`,
    fee: 0,
    orders: [
      {
        phone: client.phone,
        clientName: 'Лебедева Вера',
        lines: [{ product: 'Плед флисовый 150×200', quantity: 2, unitPriceKopecks: 150_000 }],
      },
    ],
  });
  const order = purchase.orders[0]!;
  expect(order.totalKopecks).toBe(300_000);

  // The admin credits 500 ₽ by a table: checked row by row first, then applied, then in the history.
  const adminPage = await pageOf(browser, 'admin', '/admin/bonus/hand-calculation');
  await expect(adminPage.getByRole('heading', { level: 1, name: 'Ручное начисление' })).toBeVisible();
  const fileName = `welcome-${run}.csv`;
  const csv = Buffer.from(`Телефон;Сумма;Комментарий\n+${client.phone};500;Приветственные бонусы\n`, 'utf8');
  const [chooser] = await Promise.all([
    adminPage.waitForEvent('filechooser'),
    adminPage.getByRole('button', { name: 'Выбрать файл' }).click(),
  ]);
  await chooser.setFiles({
    name: fileName,
    mimeType: 'text/csv',
    buffer: csv,
  });
  await expect(adminPage.getByTestId('upload-file-name')).toContainText(fileName);
  await adminPage.getByRole('button', { name: 'Проверить' }).click();
  await expect(adminPage.getByTestId('upload-summary')).toContainText('ошибок нет');
  await expect(adminPage.getByTestId('upload-summary')).toContainText(rub(50_000));
  await adminPage.getByRole('button', { name: 'Применить' }).click();
  await expect(adminPage.getByText(/Загрузка № \d+ применена/)).toBeVisible();
  const uploadRow = adminPage.getByRole('row').filter({ hasText: fileName });
  await expect(uploadRow).toBeVisible();
  await expect(uploadRow).toContainText('Анна Смирнова');
  await expect(uploadRow).toContainText(rub(50_000));
  // The history links to the ledger rows the table made and gives the very file back.
  await uploadRow.getByRole('button', { name: /^Строки загрузки № \d+$/ }).click();
  const details = adminPage.getByTestId('upload-details');
  await expect(details.getByRole('row').filter({ hasText: 'Приветственные бонусы' })).toContainText('Лебедева');
  await adminPage.keyboard.press('Escape');
  await expect(details).toBeHidden();
  const [download] = await Promise.all([
    adminPage.waitForEvent('download'),
    uploadRow.getByRole('button', { name: new RegExp(`^Скачать файл загрузки № \\d+: ${fileName}$`) }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(fileName);
  expect((await readFile(await download.path())).equals(csv)).toBe(true);

  // …and gives the client 5 % cashback of their own.
  await adminPage.goto('/admin/bonus/exception?tab=clients');
  await adminPage.getByRole('button', { name: 'Добавить клиента' }).click();
  const rateDialog = adminPage.getByRole('dialog', { name: 'Индивидуальный кешбэк клиенту' });
  await rateDialog.getByLabel('Телефон клиента').click();
  await rateDialog.getByLabel('Телефон клиента').pressSequentially(client.phone.slice(1));
  await rateDialog.getByLabel('Кешбэк, %').fill('5');
  await rateDialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(rateDialog).toBeHidden();
  await expect(adminPage.getByRole('row').filter({ hasText: 'Лебедева Вера' })).toContainText(/5\s%/);

  // The client takes the 500 ₽ into the payment; the bank is asked for the rest only.
  await signInWithPhone(page, client.phone, client.password, '/personal/orders/unpaid');
  await expect(page.getByTestId('order-card')).toHaveCount(1);
  const spend = page.getByTestId('bonus-spend');
  await expect(spend).toContainText(rub(50_000));
  await spend.getByRole('switch', { name: 'Списать бонусы' }).click();
  await expect(spend.getByLabel('Сколько списать, ₽')).toHaveValue('500');
  await page.getByRole('form', { name: 'Оплата' }).getByRole('button', { name: 'Оплатить' }).click();
  await expect(page).toHaveURL(/\/sandbox-payment\/sb_[0-9a-f-]{36}$/);
  await expect(page.getByTestId('sandbox-amount')).toHaveText(rub(250_000));
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await expect(page.getByTestId('payment-result').getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();

  // The goods come and are packed (the warehouse's own tests walk these steps in the browser).
  for (const status of ['ordered', 'in_transit']) await admin('POST', `/purchases/${purchase.id}/status`, { status });
  // Everything arriving moves the purchase to «На складе» by itself.
  await admin('POST', `/warehouse/purchases/${purchase.id}/receiving/rest`);
  await admin('POST', `/purchases/${purchase.id}/status`, { status: 'distribution' });
  const parcel = await admin<{ number: number }>('POST', '/warehouse/parcels', { orderIds: [order.id], weightGrams: 2400 });

  // The storekeeper finds the order and hands the parcel over.
  const storekeeperPage = await pageOf(browser, 'storekeeper', '/storekeeper/home?tab=issue');
  await storekeeperPage.getByRole('tab', { name: 'Выдача и упаковка' }).click();
  const search = storekeeperPage.getByLabel('Номер заказа, телефон или штрихкод');
  await search.pressSequentially(String(order.number));
  await search.press('Enter');
  await expect(storekeeperPage.getByRole('heading', { name: 'Лебедева Вера' })).toBeVisible();
  await storekeeperPage.getByRole('button', { name: `Выдать: посылка № ${parcel.number}` }).click();
  const handOver = storekeeperPage.getByRole('dialog', { name: `Выдать посылку № ${parcel.number}` });
  await handOver.getByLabel(/Последние 4 цифры телефона/).fill(client.phone.slice(-4));
  await handOver.getByRole('button', { name: 'Выдать', exact: true }).click();
  await expect(handOver).toBeHidden();
  await expect(storekeeperPage.getByTestId(`parcel-${parcel.number}`)).toContainText('Выдана');

  // 500 − 500 + 5 % of 2 500 = 125 ₽; each row names where it came from.
  await page.goto('/personal/bonus');
  await expect(page.getByRole('heading', { level: 1, name: 'Бонусная система' })).toBeVisible();
  await expect(page.getByTestId('bonus-balance')).toContainText(rub(12_500));
  await expect(page.getByText('Ваш кешбэк')).toBeVisible();
  await expect(page.getByTestId('bonus-terms')).toContainText(/5\s%/);
  const history = page.getByTestId('bonus-history');
  const cashbackRow = history.getByRole('row').filter({ hasText: 'Кешбэк' });
  await expect(cashbackRow).toContainText(rub(12_500));
  await expect(cashbackRow).toContainText(`№ ${order.number}`);
  const spendRow = history.getByRole('row').filter({ hasText: 'Оплата бонусами' });
  await expect(spendRow).toContainText(rub(-50_000));
  await expect(history.getByRole('row').filter({ hasText: 'Приветственные бонусы' })).toContainText(rub(50_000));

  await adminPage.context().close();
  await storekeeperPage.context().close();
});
