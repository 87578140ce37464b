import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInApp, samplePublicSettings, stubApi } from '@/lib/test-api';
import { EmailLink } from './company-links';
import { ContactsDocument } from './contacts-document';
import { TelegramBotCard } from './telegram-bot-card';
import { TelegramBotHint } from './telegram-bot-hint';

vi.mock('@/lib/loading-bar', () => ({ requestStarted: () => {}, requestFinished: () => {} }));

afterEach(() => vi.unstubAllGlobals());

function stubShop(isTelegramEnabled: boolean) {
  stubApi(({ path }) => (path === '/settings/public' ? { body: samplePublicSettings({ isTelegramEnabled }) } : undefined));
}

const botLinks = () => document.querySelectorAll('a[href^="https://t.me/"]');

describe('the public pages of a shop without a Telegram bot send no one to it', () => {
  it.each([
    ['the main page’s card', <TelegramBotCard key="card" />],
    ['the cabinet’s hint', <TelegramBotHint key="hint" />],
    ['the contacts', <ContactsDocument key="contacts" />],
  ])('%s', async (_name, ui) => {
    stubShop(false);
    // The e-mail link appears once the settings have arrived: only then is the bot's absence telling.
    renderInApp(
      <>
        {ui}
        <EmailLink />
      </>,
    );
    await screen.findAllByRole('link', { name: 'help@vmeste.shop' });
    expect(botLinks()).toHaveLength(0);
    expect(screen.queryByText(/@vmeste_shop_bot/)).toBeNull();
  });

  it('with a bot, the card links to it as before', async () => {
    stubShop(true);
    renderInApp(<TelegramBotCard />);
    expect(await screen.findByRole('link', { name: /Открыть @vmeste_shop_bot/ })).toBeTruthy();
  });
});
