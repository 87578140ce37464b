import { Alert, Stack, Title } from '@mantine/core';
import type { TelegramPost } from '@vmeste/contract';
import { useRef, useState } from 'react';
import { useTelegramLink } from '../api/get-telegram-link';
import { useTelegramOverview } from '../api/get-telegram-overview';
import { PostForm } from './post-form';
import { PostsList } from './posts-list';
import { TelegramLinkCard } from './telegram-link-card';
import { TelegramOverviewCard } from './telegram-overview-card';
import { useTelegramAvailability } from './use-telegram-off';

export const TELEGRAM_OFF_TITLE = 'Telegram не подключён';

/**
 * «Расписание»: the bot's state, the admin's own chat for test sends, the post form (a new post, or the
 * scheduled one picked in the list) and the posts by status. A shop without a bot says how to get one.
 */
export function TelegramScheduler() {
  const availability = useTelegramAvailability();
  // The scheduler's own requests would only be refused in a shop without a bot: wait for the settings.
  if (availability === 'unknown') return null;
  if (availability === 'off') {
    return (
      <Alert color="gray" variant="light" title={TELEGRAM_OFF_TITLE} data-testid="telegram-off">
        У магазина нет Telegram-бота, поэтому посты не отправляются, а уведомления клиентам приходят по СМС. Чтобы включить Telegram,
        создайте бота у @BotFather и укажите его токен в настройке сервера TELEGRAM_BOT_TOKEN (и имя бота в TELEGRAM_BOT_USERNAME).
      </Alert>
    );
  }
  return <Scheduler />;
}

function Scheduler() {
  const overview = useTelegramOverview();
  const ownLink = useTelegramLink();
  const [editing, setEditing] = useState<TelegramPost | null>(null);
  // A new key after each save starts an empty form for the next post.
  const [newPostKey, setNewPostKey] = useState(0);
  const formPlace = useRef<HTMLDivElement>(null);
  // The link card's answer is the newest (it follows a link being made); the overview's is the fallback.
  const isOwnChatLinked = ownLink.data?.isLinked ?? overview.data?.isOwnChatLinked ?? false;

  function edit(post: TelegramPost) {
    setEditing(post);
    formPlace.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }

  function startNew() {
    setEditing(null);
    setNewPostKey((key) => key + 1);
  }

  return (
    <Stack gap="lg">
      <TelegramOverviewCard overview={overview.data} isError={overview.isError} error={overview.error} />
      <TelegramLinkCard title="Ваш Telegram" description="Подключите свой Telegram, чтобы отправлять себе пробные посты перед рассылкой." />
      <div ref={formPlace} style={{ scrollMarginTop: 72 }}>
        <PostForm
          key={editing ? `edit-${editing.id}` : `new-${newPostKey}`}
          post={editing}
          hasChannel={overview.data ? overview.data.channel !== null : true}
          isOwnChatLinked={isOwnChatLinked}
          onSaved={startNew}
          onCancelEdit={() => setEditing(null)}
        />
      </div>
      <Stack gap="sm">
        <Title order={2} size="h3">
          Посты
        </Title>
        <PostsList
          editingId={editing?.id ?? null}
          onEdit={edit}
          onCanceled={(post) => {
            if (post.id === editing?.id) setEditing(null);
          }}
        />
      </Stack>
    </Stack>
  );
}
