import { Badge, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import { type TelegramPost, type TelegramPostStatus, telegramPostStatusTitles } from '@vmeste/contract';
import type { DataTableColumn } from 'mantine-datatable';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { BackOfficeTable } from '@/components/back-office-table';
import { confirm, escapeHtml } from '@/lib/confirm';
import { formatDateTime } from '@/lib/format';
import { runAction } from '@/lib/run-action';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { useCancelTelegramPost } from '../api/cancel-telegram-post';
import { useTelegramPosts } from '../api/get-telegram-posts';
import { useSendTelegramPostNow } from '../api/send-telegram-post-now';
import { QueryError } from '@/components/query-error';
import { excerptOf, repeatText, runCountsText, targetsText } from './telegram-texts';

export const POSTS_PAGE_SIZE = 20;

const tabs: { status: TelegramPostStatus; title: string; empty: string }[] = [
  { status: 'scheduled', title: 'Запланированные', empty: 'Запланированных постов нет' },
  { status: 'done', title: 'Отправленные', empty: 'Отправленных постов пока нет' },
  { status: 'canceled', title: 'Отменённые', empty: 'Отменённых постов нет' },
];

const statusColors: Record<TelegramPostStatus, string> = { scheduled: 'blue', done: 'teal', canceled: 'gray' };

const nowrap = { whiteSpace: 'nowrap' } as const;

/** The tab lives in the address (`?posts=done`), so a reload keeps it. */
function statusOf(params: URLSearchParams): TelegramPostStatus {
  const value = params.get('posts');
  return tabs.some((tab) => tab.status === value) ? (value as TelegramPostStatus) : 'scheduled';
}

type Props = {
  /** The post open in the form, marked in the list. */
  editingId: string | null;
  onEdit: (post: TelegramPost) => void;
  /** A post left the scheduled ones (canceled): the form lets it go if it is open there. */
  onCanceled: (post: TelegramPost) => void;
};

/**
 * The posts by status, the nearest first: when, what, where, how often, and how the last sending went.
 * On a phone everything folds into one column, read top to bottom, with the actions under the post.
 */
export function PostsList({ editingId, onEdit, onCanceled }: Props) {
  const [params, setParams] = useSearchParams();
  const status = statusOf(params);
  const [page, setPage] = useState(1);
  const posts = useTelegramPosts({ status, page, pageSize: POSTS_PAGE_SIZE });
  const cancel = useCancelTelegramPost();
  const sendNow = useSendTelegramPostNow();
  const isNarrow = useIsNarrow();
  const tab = tabs.find((t) => t.status === status)!;

  function changeTab(value: string | null) {
    setPage(1);
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value && value !== 'scheduled') next.set('posts', value);
      else next.delete('posts');
      return next;
    });
  }

  async function askSendNow(post: TelegramPost) {
    const isConfirmed = await confirm({
      title: 'Отправить пост сейчас?',
      messageHtml:
        `Пост «${escapeHtml(excerptOf(post.text, 60))}» уйдёт сейчас: ${escapeHtml(targetsText(post).toLowerCase())}.` +
        (post.repeat === 'none' ? '' : ' Расписание повторов останется.'),
      confirmLabel: 'Отправить сейчас',
      cancelLabel: 'Не отправлять',
    });
    if (!isConfirmed) return;
    await runAction(() => sendNow.mutateAsync({ params: { id: post.id } }), 'Пост отправляется — итоги появятся в списке и в статистике');
  }

  async function askCancel(post: TelegramPost) {
    const isConfirmed = await confirm({
      title: 'Отменить пост?',
      messageHtml:
        `Пост «${escapeHtml(excerptOf(post.text, 60))}» не будет отправлен` + (post.repeat === 'none' ? '.' : ', и его повторы тоже.'),
      confirmLabel: 'Отменить пост',
      cancelLabel: 'Не отменять',
      isDanger: true,
    });
    if (!isConfirmed) return;
    if (await runAction(() => cancel.mutateAsync({ params: { id: post.id } }), 'Пост отменён')) onCanceled(post);
  }

  const actionsOf = (post: TelegramPost) =>
    post.status === 'scheduled' && (
      <Group gap={6} wrap="wrap" justify={isNarrow ? 'flex-start' : 'flex-end'}>
        <Button size="compact-sm" variant="light" disabled={post.id === editingId} onClick={() => onEdit(post)}>
          {post.id === editingId ? 'В форме' : 'Изменить'}
        </Button>
        <Button size="compact-sm" variant="light" color="teal" onClick={() => void askSendNow(post)}>
          Отправить сейчас
        </Button>
        <Button size="compact-sm" variant="light" color="red" onClick={() => void askCancel(post)}>
          Отменить
        </Button>
      </Group>
    );

  const statusBadge = (post: TelegramPost) => (
    <Badge color={statusColors[post.status]} variant="light" tt="none">
      {telegramPostStatusTitles[post.status]}
    </Badge>
  );

  const lastRunText = (post: TelegramPost) =>
    post.lastRun ? (
      <Text size="xs" c="dimmed">
        {post.lastRun.finishedAt ? `Отправлен ${formatDateTime(post.lastRun.startedAt)}` : 'Отправляется'}: {runCountsText(post.lastRun)}
      </Text>
    ) : null;

  const columns: DataTableColumn<TelegramPost>[] = [
    {
      accessor: 'sendAt',
      title: 'Когда (МСК)',
      hidden: isNarrow,
      render: (post) => (
        <Text size="sm" style={nowrap}>
          {formatDateTime(post.sendAt)}
        </Text>
      ),
    },
    {
      accessor: 'text',
      title: isNarrow ? 'Пост, время московское' : 'Пост',
      render: (post) => (
        <Stack gap={2}>
          {isNarrow && (
            <Text size="sm" fw={600}>
              {formatDateTime(post.sendAt)}
            </Text>
          )}
          <Text size="sm" lineClamp={2}>
            {excerptOf(post.text) || '—'}
          </Text>
          {(post.pictureId || post.buttonText) && (
            <Text size="xs" c="dimmed">
              {[post.pictureId && 'с картинкой', post.buttonText && `кнопка «${post.buttonText}»`].filter(Boolean).join(', ')}
            </Text>
          )}
          {isNarrow && (
            <>
              <Text size="xs" c="dimmed">
                {targetsText(post)} · {repeatText(post)}
              </Text>
              {status !== 'scheduled' && <Group gap={4}>{statusBadge(post)}</Group>}
              {lastRunText(post)}
              {actionsOf(post)}
            </>
          )}
        </Stack>
      ),
    },
    { accessor: 'toChannel', title: 'Куда', hidden: isNarrow, render: (post) => targetsText(post) },
    { accessor: 'repeat', title: 'Повтор', hidden: isNarrow, render: (post) => repeatText(post) },
    {
      accessor: 'status',
      title: 'Статус',
      hidden: isNarrow,
      render: (post) => (
        <Stack gap={2} align="flex-start">
          {statusBadge(post)}
          {post.runsCount > 1 && (
            <Text size="xs" c="dimmed" style={nowrap}>
              отправок: {post.runsCount}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'lastRun',
      title: 'Последняя отправка',
      hidden: isNarrow,
      render: (post) => lastRunText(post) ?? '—',
    },
    { accessor: 'actions', title: '', hidden: isNarrow || status !== 'scheduled', textAlign: 'right', render: actionsOf },
  ];

  return (
    <Stack gap="sm">
      <Tabs value={status} onChange={changeTab}>
        <Tabs.List>
          {tabs.map((t) => (
            <Tabs.Tab key={t.status} value={t.status}>
              {t.title}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {posts.isError && <QueryError error={posts.error} title="Посты не загрузились" />}
      <BackOfficeTable<TelegramPost>
        minHeight={160}
        fetching={posts.isFetching}
        records={posts.data?.items ?? []}
        columns={columns}
        noRecordsText={posts.isError ? 'Посты не загрузились' : tab.empty}
        totalRecords={posts.data?.total ?? 0}
        recordsPerPage={POSTS_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        rowBackgroundColor={(post) => (post.id === editingId ? 'var(--mantine-color-yellow-0)' : undefined)}
      />
    </Stack>
  );
}
