import { formatPhone } from '@vmeste/contract';
import { escapeTelegramHtml as escape } from '@vmeste/contract';

/** What the bot says, in Telegram HTML. Kept together so the bot speaks in one voice. */
export const botTexts = {
  linked: (phone: string, name: string, isConfirmed: boolean) =>
    [
      `Готово! Telegram подключён к аккаунту <b>${escape(name)}</b> (${formatPhone(phone)}) в магазине «Вместе».`,
      'Сюда будут приходить уведомления об оплатах, поступлении товара и доставке. Какие из них присылать, можно выбрать в профиле на сайте.',
      isConfirmed ? '' : 'Аккаунт ещё не подтверждён: нажмите «Поделиться номером» внизу — это подтвердит ваш телефон без СМС.',
    ]
      .filter(Boolean)
      .join('\n\n'),
  linkExpired: (siteUrl: string) =>
    `Эта ссылка устарела или уже использована. Откройте <a href="${escape(siteUrl)}/personal/profile">профиль на сайте</a> и нажмите «Подключить Telegram» ещё раз.`,
  welcome: (siteUrl: string) =>
    [
      'Здравствуйте! Я бот магазина совместных покупок «Вместе».',
      `Чтобы получать здесь уведомления о заказах, откройте <a href="${escape(siteUrl)}/personal/profile">профиль на сайте</a> и нажмите «Подключить Telegram».`,
      'Если вы только что зарегистрировались, нажмите «Поделиться номером» внизу — так можно подтвердить аккаунт без СМС.',
    ].join('\n\n'),
  help: (siteUrl: string) =>
    `Я присылаю уведомления магазина «Вместе» и не умею отвечать на сообщения. Вопросы по заказам — на <a href="${escape(siteUrl)}">сайте магазина</a>.`,
  foreignContact:
    'Это чужой контакт. Чтобы подтвердить свой аккаунт, нажмите кнопку «Поделиться номером» внизу — так Telegram передаст ваш собственный номер.',
  noAccount: (phone: string, siteUrl: string) =>
    `Аккаунта с номером ${formatPhone(phone)} в магазине нет. <a href="${escape(siteUrl)}/signup">Зарегистрируйтесь на сайте</a> с этим номером, а потом поделитесь им здесь ещё раз.`,
  // Orders are placed with the organizer, not on the site: the site shows and takes payment for them.
  confirmed: (phone: string, siteUrl: string) =>
    `Спасибо! Номер ${formatPhone(phone)} подтверждён, аккаунт активирован. Заказы, оформленные на этот номер, видны в <a href="${escape(siteUrl)}/personal">личном кабинете</a> — там же их можно оплатить.`,
  alreadyConfirmed: (phone: string) => `Аккаунт с номером ${formatPhone(phone)} уже подтверждён.`,
  linkedElsewhere: (siteUrl: string) =>
    `Этот аккаунт уже подключён к другому Telegram, и уведомления приходят туда. Чтобы получать их здесь, войдите в <a href="${escape(siteUrl)}/personal/profile">профиль на сайте</a> и нажмите «Подключить Telegram».`,
  badPhone: 'Не удалось прочитать номер из контакта: в магазине регистрируются российские номера +7.',
};
