import { moscowLocalOf } from '@vmeste/contract';
import type { Areas } from '../areas.js';

/** Tomorrow at `hour`:00, Moscow time. */
function tomorrowAt(hour: number): string {
  const tomorrow = moscowLocalOf(new Date(Date.now() + 24 * 3600_000)).slice(0, 10);
  return `${tomorrow}T${String(hour).padStart(2, '0')}:00`;
}

/**
 * Telegram's demo: Ольга and Анна have linked the bot (emulated users), one post has gone out to them
 * and the channel, and a weekly digest is scheduled — so «Расписание» and «Статистика рассылок» have
 * something to show, and the built-in emulator's chat page shows what subscribers got.
 */
export async function seedDemoTelegram(areas: Areas, siteUrl: string): Promise<void> {
  await areas.telegram.demo.seed({
    chats: [
      { phone: '79161234501', chatId: 5_100_000_001, accountTitle: '@olga_petrova' },
      { phone: '79261234502', chatId: 5_100_000_002, accountTitle: 'Анна' },
    ],
    posts: [
      {
        text: '<b>Открыт сбор заказов!</b>\nДетская одежда от фабрики «Мишутка»: скидка <i>до 40 %</i> от розницы. Стоп — в пятницу.',
        pictureId: null,
        buttonText: 'Смотреть закупки',
        buttonUrl: `${siteUrl}/`,
        sendAt: null,
        repeat: 'none',
        repeatUntil: null,
        toChannel: true,
        toSubscribers: true,
      },
      {
        text: 'Еженедельная сводка: <b>новые закупки</b> и напоминание об оплате заказов до стопа.',
        pictureId: null,
        buttonText: null,
        buttonUrl: null,
        sendAt: tomorrowAt(10),
        repeat: 'weekly',
        repeatUntil: null,
        toChannel: true,
        toSubscribers: true,
      },
    ],
  });
}
