// The telegram feature: a person's link of the shop's bot to their account and which notifications
// come there; a new client's confirmation of the phone through the bot; the admin's scheduler of
// posts to the channel and the subscribers, and its statistics.
export { TelegramActivation } from './components/telegram-activation';
export { TelegramLinkCard } from './components/telegram-link-card';
export { TelegramScheduler } from './components/telegram-scheduler';
export { TelegramStatistics } from './components/telegram-statistics';
