// The telegram feature: a person's link of the shop's bot to their account and which notifications
// come there; the admin's scheduler of posts to the channel and the subscribers, and its statistics.
export { TelegramLinkCard } from './components/telegram-link-card';
export { TelegramScheduler } from './components/telegram-scheduler';
export { TelegramStatistics } from './components/telegram-statistics';
