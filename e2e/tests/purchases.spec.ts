import { expect, lastMessage, signInAs, test, typePhone, uniquePhone } from './fixtures';

// A 2×2 PNG: the server checks the content and makes the cover and its thumbnail from it.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

test('a purchase from cover to the client: create → main page → import → sign up → unpaid order → public link', async ({
  page,
  browser,
}) => {
  const title = `Игрушки ${Date.now() % 100000}`;
  const clientPhone = uniquePhone('7925');

  await signInAs(page, 'admin', '/admin/purchase/cover');
  await page.getByRole('button', { name: 'Новая закупка' }).click();
  const form = page.getByRole('dialog', { name: 'Новая закупка' });
  await form.getByRole('textbox', { name: 'Название' }).fill(title);
  await form.getByRole('textbox', { name: 'Поставщик' }).fill('ООО «Игрушкин»');
  await form.getByRole('textbox', { name: 'Оргсбор, %' }).fill('10');
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), form.getByRole('button', { name: 'Загрузить обложку' }).click()]);
  await chooser.setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('img', { name: 'Обложка закупки' })).toBeVisible();
  await form.getByRole('switch', { name: 'Показывать на главной' }).check();
  await form.getByRole('button', { name: 'Создать' }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('Черновик');

  // Open the collection: a draft is not shown on the main page.
  await row.getByRole('button', { name: `Статус: ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Открыть сбор заказов' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Подтвердить' }).click();
  await expect(row).toContainText('Сбор заказов');

  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto('/');
  const card = guestPage.getByTestId('cover-card').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Сбор заказов');
  await expect(card.getByRole('img', { name: title })).toBeVisible();

  // Import: one bad row first, then the fixed file.
  await row.getByRole('button', { name: `Заказы: ${title}` }).click();
  await page.getByRole('button', { name: 'Импорт из файла' }).click();
  const importDialog = page.getByRole('dialog', { name: 'Импорт заказов' });
  const badCsv = `Телефон;ФИО;Товар;Артикул;Параметры;Количество;Цена\n${clientPhone};Лебедева Ника;Конструктор;K-1;;2;1 499,90\n123;Кто-то;Мяч;;;1;300\n`;
  let [fileChooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    importDialog.getByRole('button', { name: 'Выбрать файл' }).click(),
  ]);
  await fileChooser.setFiles({ name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from(badCsv) });
  await expect(importDialog.getByTestId('import-errors')).toContainText('Строка 3: телефон указан неверно');
  await expect(importDialog.getByRole('button', { name: 'Загрузить заказы' })).toBeDisabled();
  const goodCsv = `Телефон;ФИО;Товар;Артикул;Параметры;Количество;Цена\n${clientPhone};Лебедева Ника;Конструктор;K-1;;2;1 499,90\n79000000004;Иванова Мария;Мяч;M-2;красный;1;300\n`;
  [fileChooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    importDialog.getByRole('button', { name: 'Выбрать другой файл' }).click(),
  ]);
  await fileChooser.setFiles({ name: 'orders.csv', mimeType: 'text/csv', buffer: Buffer.from(goodCsv) });
  const preview = importDialog.getByTestId('import-preview');
  await expect(preview).toContainText('Ещё не зарегистрирован');
  await expect(preview).toContainText('Аккаунт: Мария Иванова');
  await importDialog.getByRole('button', { name: 'Загрузить заказы' }).click();
  await expect(importDialog).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'Лебедева Ника' })).toContainText('без аккаунта');

  // The client signs up with that phone, confirms it and finds the order waiting.
  const clientContext = await browser.newContext();
  const client = await clientContext.newPage();
  await client.goto('/signup');
  await typePhone(client, 'Телефон', clientPhone);
  await client.getByRole('textbox', { name: 'Имя', exact: true }).fill('Ника');
  await client.getByLabel('Фамилия').fill('Лебедева');
  await client.getByLabel('Пароль').fill('nika-pass-2026');
  await client.getByRole('checkbox').check();
  await client.getByRole('button', { name: 'Зарегистрироваться' }).click();
  // The code went out with the sign-up; the activation page opens ready for it.
  await expect(client.getByLabel('Код из СМС').first()).toBeVisible();
  const code = /(\d{6})/.exec(await lastMessage(client, clientPhone, 'activation_code'))?.[1] ?? '';
  await client.getByLabel('Код из СМС').first().click();
  await client.keyboard.type(code);
  await expect(client).toHaveURL(/\/personal$/);
  // While orders are collected the order is owed but not yet payable.
  await expect(client.getByTestId('due-summary')).toContainText('1 заказ можно будет оплатить после стопа закупки');

  // The admin announces the stop and opens payment.
  await page.goto('/admin/purchase/cover');
  for (const [action, status] of [
    ['Объявить стоп', 'Стоп'],
    ['Открыть оплату', 'Оплата'],
  ] as const) {
    await row.getByRole('button', { name: `Статус: ${title}` }).click();
    await page.getByRole('menuitem', { name: action }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Подтвердить' }).click();
    await expect(row).toContainText(status);
  }

  // 2 × 1 499,90 = 2 999,80; 10 % fee = 299,98; total 3 299,78.
  await client.reload();
  await expect(client.getByTestId('due-summary')).toContainText('1 заказ ждёт оплаты');
  await client.goto('/personal/orders/unpaid');
  const order = client.getByTestId('order-card').filter({ hasText: title });
  await expect(order).toContainText('Конструктор');
  await expect(order).toContainText(/3\s299,78\s₽/);
  await order.getByRole('checkbox').check();
  await expect(client.getByTestId('selected-sum')).toContainText(/Выбран 1 заказ на 3\s299,78\s₽/);
  await order.getByRole('link', { name: /Заказ №/ }).click();
  await expect(client).toHaveURL(/\/order\/[0-9a-f-]{36}$/);
  const orderUrl = client.url();

  // The link works signed out, with the phone masked.
  await guestPage.goto(orderUrl);
  await expect(guestPage).toHaveTitle('Мой заказ');
  await expect(guestPage.getByText(`Телефон клиента: +7 (${clientPhone.slice(1, 4)}) ***-**-${clientPhone.slice(-2)}`)).toBeVisible();
  await expect(guestPage.getByTestId('order-card')).toContainText('Конструктор');
  await guestPage.goto('/order/00000000-0000-4000-8000-000000000000');
  await expect(guestPage.getByRole('alert')).toContainText('Такого заказа нет');
  await guest.close();
  await clientContext.close();
});

test('the demo client sees the demo orders', async ({ page }) => {
  await signInAs(page, 'client', '/personal/orders/unpaid');
  await expect(page.getByTestId('order-card').first()).toBeVisible();
  await expect(page.getByTestId('order-card').filter({ hasText: 'Детская одежда' })).toContainText('Комбинезон утеплённый');
});

test('admin binds a card to a purchase', async ({ page }) => {
  await signInAs(page, 'admin', '/admin/purchase/cart-binding');
  await page.getByRole('button', { name: 'Добавить карту' }).click();
  const dialog = page.getByRole('dialog', { name: 'Новая карта' });
  await dialog.getByRole('textbox', { name: 'Банк' }).fill('Т-Банк');
  await dialog.getByRole('textbox', { name: 'Получатель' }).fill('Орлова Вера');
  await dialog.getByRole('textbox', { name: 'Номер карты' }).fill('4111 1111 1111 1112');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog.getByText('Номер карты указан с ошибкой: не сходится контрольная цифра')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Номер карты' }).fill('4111 1111 1111 1111');
  await dialog.getByRole('button', { name: 'Сохранить' }).click();
  await expect(dialog).toBeHidden();
  // The demo data has a Т-Банк card too: the new one is told by its holder.
  const cardRow = page.getByRole('row').filter({ hasText: 'Орлова Вера' }).first();
  await expect(cardRow).toContainText('•••• 1111');
  await expect(cardRow).not.toContainText('4111 1111');
});
