import ExcelJS from 'exceljs';
import { apiAs, expect, payablePurchase, signInAs, test, uniquePhone } from './fixtures';

/**
 * The clients report on a purchase of the test's own: three clients, two of them paid in cash to
 * different amounts. The admin picks the purchase (the address keeps it), sorts by «Оплачено», sees
 * the weekly charts and downloads the same rows as XLSX.
 */
test('the admin filters the clients report by a purchase, sorts by paid sum, sees the charts and downloads the XLSX', async ({ page }) => {
  const admin = await apiAs(page.request, 'admin');
  const run = `${Date.now() % 1_000_000}`;
  const clients = [
    { phone: uniquePhone('7927'), clientName: `Абрамова Зоя ${run}`, unitPriceKopecks: 120_000, isPaid: true },
    { phone: uniquePhone('7927'), clientName: `Борисов Юрий ${run}`, unitPriceKopecks: 340_000, isPaid: true },
    { phone: uniquePhone('7927'), clientName: `Власова Яна ${run}`, unitPriceKopecks: 90_000, isPaid: false },
  ];
  const purchase = await payablePurchase(admin, {
    title: `Чемоданы ${run}`,
    fee: 0,
    orders: clients.map((c) => ({
      phone: c.phone,
      clientName: c.clientName,
      lines: [{ product: 'Чемодан', quantity: 1, unitPriceKopecks: c.unitPriceKopecks }],
    })),
  });
  for (const [i, client] of clients.entries()) {
    if (client.isPaid) await admin('POST', '/payments/cash', { orderId: purchase.orders[i]!.id });
  }

  await signInAs(page, 'admin', '/admin/report/clients');
  await expect(page.getByRole('heading', { level: 1, name: 'Отчет по клиентам' })).toBeVisible();
  const purchaseSelect = page.getByRole('combobox', { name: 'Закупка' });
  await purchaseSelect.click();
  await purchaseSelect.fill(`Чемоданы ${run}`);
  await page.getByRole('option', { name: purchase.title }).click();
  await expect(page).toHaveURL(new RegExp(`purchaseId=${purchase.id}`));

  const rows = page.locator('.mantine-datatable-row');
  await expect(rows).toHaveCount(3);
  await expect(page.getByTestId('total-clients')).toContainText('3');
  await expect(page.getByTestId('total-paid')).toContainText(/4\s600,00\s₽/);

  // Sorted by «Оплачено», largest first: Борисов, Абрамова, then Власова who paid nothing.
  await page
    .locator('thead')
    .getByRole('button', { name: /^Оплачено/ })
    .click();
  await expect(page).toHaveURL(/sort=paidKopecks/);
  if (!/order=desc/.test(page.url())) {
    await page
      .locator('thead')
      .getByRole('button', { name: /^Оплачено/ })
      .click();
    await expect(page).toHaveURL(/order=desc/);
  }
  await expect(rows.nth(0)).toContainText('Борисов Юрий');
  await expect(rows.nth(1)).toContainText('Абрамова Зоя');
  await expect(rows.nth(2)).toContainText('Власова Яна');
  await expect(rows.nth(2)).toContainText(/900,00\s₽/);

  // The charts of the same set: this week's money is the two cash payments.
  await expect(page.getByLabel('Новые клиенты по неделям')).toBeVisible();
  await expect(page.getByLabel('Оплачено по неделям')).toBeVisible();
  await expect(page.getByTestId('charts-period')).toContainText(/Недели с \d\d\.\d\d\.\d{4} по \d\d\.\d\d\.\d{4}/);

  // The address alone opens the same report: it can be bookmarked or sent.
  const shared = page.url();
  await page.goto('/admin/report/clients');
  await page.goto(shared);
  await expect(rows.nth(0)).toContainText('Борисов Юрий');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Выгрузить в Excel' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Отчёт по клиентам.*\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0]!;
  expect(sheet.getRow(1).getCell(6).value).toBe('Оплачено');
  const names = [2, 3, 4].map((r) => String(sheet.getRow(r).getCell(2).value));
  expect(names).toEqual([clients[1]!.clientName, clients[0]!.clientName, clients[2]!.clientName]);
  expect(sheet.getRow(2).getCell(6).value).toBe(3400);
  expect(sheet.getRow(4).getCell(7).value).toBe(900);
  expect(sheet.rowCount).toBe(4);
});
