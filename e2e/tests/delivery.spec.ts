import { apiAs, expect, payablePurchase, signInAs, signInWithPhone, signUpClient, test } from './fixtures';

type PackedParcel = { id: string; number: number; deliveryKind: string };

/**
 * A parcel's whole way to a Boxberry point: the client saves a pickup point (city, then point) and a
 * courier address (chosen from DaData's suggestions), the storekeeper packs the paid order, the
 * logistician invoices its delivery, the client pays the invoice through the test provider, the
 * logistician ships it through Boxberry (the built-in emulator) and the client sees the track number.
 */
test('a client chooses a Boxberry point and a courier address; the parcel is invoiced, paid, shipped and tracked', async ({
  page,
  browser,
}) => {
  // Three people, a payment and a shipment: the longest journey here gets room on a loaded machine.
  test.slow();
  const admin = await apiAs(page.request, 'admin');
  const storekeeper = await apiAs(page.request, 'storekeeper');
  const client = await signUpClient(page, { name: 'Светлана', surname: 'Орлова' });
  const purchase = await payablePurchase(admin, {
    title: `Пледы ${Date.now() % 1_000_000}`,
    fee: 10,
    orders: [
      {
        phone: client.phone,
        clientName: 'Орлова Светлана',
        lines: [{ product: 'Плед флисовый 150×200', quantity: 2, unitPriceKopecks: 89900 }],
      },
    ],
  });
  const order = purchase.orders[0]!;
  await admin('POST', '/payments/cash', { orderId: order.id, comment: 'Оплата в пункте выдачи' });

  // The client's delivery methods: a Boxberry point on the Arbat first (it becomes the default).
  await signInWithPhone(page, client.phone, client.password, '/personal/delivery');
  await expect(page.getByRole('heading', { level: 1, name: 'Способы доставки' })).toBeVisible();
  await page.getByRole('button', { name: 'Добавить способ доставки' }).click();
  const form = page.getByRole('form', { name: 'Новый способ доставки' });
  await form.getByText('Пункт выдачи Boxberry', { exact: true }).click();
  await form.getByRole('combobox', { name: 'Город' }).fill('Моск');
  await page.getByRole('option', { name: 'Москва', exact: true }).click();
  await form.getByLabel('Найти пункт выдачи').fill('Арбат');
  await form.getByRole('radio', { name: /^Арбат/ }).check();
  await expect(form.getByLabel('Имя')).toHaveValue('Светлана');
  await form.getByRole('button', { name: 'Добавить' }).click();
  await expect(form).toBeHidden();
  const methods = page.getByTestId('delivery-method');
  await expect(methods).toHaveCount(1);
  await expect(methods.first()).toContainText('Арбат');
  await expect(methods.first()).toContainText('Основной');

  // A courier address typed in part and taken from the suggestions: the postal code fills itself.
  await page.getByRole('button', { name: 'Добавить способ доставки' }).click();
  await form.getByText('Курьер', { exact: true }).click();
  await form.getByRole('combobox', { name: 'Адрес доставки' }).pressSequentially('Москва Тверская 7', { delay: 30 });
  await page.getByRole('option', { name: 'г Москва, ул Тверская, д 7', exact: true }).click();
  await expect(form.getByLabel('Индекс')).toHaveValue('125009');
  await form.getByLabel('Квартира, подъезд, этаж').fill('кв. 15, подъезд 1');
  await form.getByRole('button', { name: 'Добавить' }).click();
  await expect(form).toBeHidden();
  await expect(methods).toHaveCount(2);
  await expect(methods.filter({ hasText: 'Тверская' })).toContainText('кв. 15');

  // The purchase arrives, and the storekeeper packs the order: the parcel takes the default method.
  for (const status of ['ordered', 'in_transit']) await admin('POST', `/purchases/${purchase.id}/status`, { status });
  await storekeeper('POST', `/warehouse/purchases/${purchase.id}/receiving/rest`);
  const parcel = await storekeeper<PackedParcel>('POST', '/warehouse/parcels', { orderIds: [order.id], weightGrams: 1400 });
  expect(parcel.deliveryKind).toBe('boxberry');

  // The logistician invoices the parcel's delivery at the price list's price.
  const logisticsContext = await browser.newContext();
  const logistics = await logisticsContext.newPage();
  await signInAs(logistics, 'logistician', `/logistician/invoices?q=${client.phone}`);
  await expect(logistics.getByRole('heading', { level: 1, name: 'Счета на оплату доставки' })).toBeVisible();
  await logistics.getByRole('checkbox', { name: `Выбрать посылку № ${parcel.number}` }).check();
  await logistics.getByRole('button', { name: 'Выставить счета (1)' }).click();
  const invoicing = logistics.getByRole('dialog', { name: 'Выставить счета за доставку' });
  await invoicing.getByRole('button', { name: 'Выставить счёт' }).click();
  await expect(invoicing).toBeHidden();

  // The client pays the invoice online.
  await page.goto('/personal/orders/unpaid');
  const invoice = page.getByTestId('delivery-invoice');
  await expect(invoice).toContainText(`посылка № ${parcel.number}`);
  await expect(invoice).toContainText('Пункт выдачи Boxberry: ул. Арбат, д. 24, Москва');
  await expect(page.getByRole('checkbox', { name: /Выбрать счёт за доставку №/ })).toBeChecked();
  await page.getByRole('form', { name: 'Оплата' }).getByRole('button', { name: 'Оплатить' }).click();
  await expect(page).toHaveURL(/\/sandbox-payment\/sb_[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'Оплатить' }).click();
  await expect(page.getByTestId('payment-result').getByRole('heading', { name: 'Оплата прошла' })).toBeVisible();

  // The logistician ships the paid parcel through Boxberry and gets its track number.
  await logistics.goto(`/logistician/invoices?stage=to_ship&q=${client.phone}`);
  await logistics.getByRole('button', { name: `Отправить: посылка № ${parcel.number}` }).click();
  const tracks = logistics.getByTestId('shipped-tracks');
  await expect(tracks).toContainText(`Посылка № ${parcel.number}: трек-номер`);
  const track = (await tracks.getByRole('link').first().textContent())!.trim();
  expect(track).toMatch(/^\w{6,}$/);
  await logisticsContext.close();

  // The client sees the parcel on its way with the track number.
  await page.goto('/personal/delivery');
  const shipment = page
    .getByTestId('parcel-card')
    .filter({ hasText: `№ ${parcel.number}` })
    .getByTestId('parcel-shipment');
  await expect(shipment).toContainText(track);
});
