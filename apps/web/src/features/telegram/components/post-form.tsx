import { Button, Card, Checkbox, Grid, Group, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { DateInput, TimePicker } from '@mantine/dates';
import {
  parseTelegramHtml,
  TELEGRAM_CAPTION_MAX,
  TELEGRAM_TEXT_MAX,
  type TelegramPost,
  type TelegramPostBody,
  telegramPostBodySchema,
  type TelegramPostContent,
  telegramPostContentSchema,
  type TelegramRepeat,
  telegramRepeats,
  telegramRepeatTitles,
} from '@vmeste/contract';
import { IconCalendarEvent, IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { FormError } from '@/components/form-error';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toasts';
import { useFormFields } from '@/lib/use-form-fields';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useCreateTelegramPost } from '../api/create-telegram-post';
import { useTestTelegramPost } from '../api/test-telegram-post';
import { useUpdateTelegramPost } from '../api/update-telegram-post';
import { PostPictureField } from './post-picture-field';
import { PostTextField } from './post-text-field';
import { TelegramPostPreview } from './telegram-post-preview';
import { moscowToday, nextFullHourMoscow, parseTypedDay } from './telegram-texts';
import { usePictureSrc } from './use-picture-src';

export const TEST_SEND_HINT = 'Чтобы отправить пробный пост себе, подключите свой Telegram в карточке «Ваш Telegram» выше';

type Target = 'channel' | 'subscribers';

/** Post fields the form has no text input of its own for: the server's message about them goes to their controls. */
const nonTextFields = ['sendAt', 'toChannel', 'toSubscribers', 'pictureId'];

type Props = {
  /** The scheduled post being changed; null for a new one. */
  post: TelegramPost | null;
  /** Whether the shop has a channel: without one, «В канал» cannot be chosen. */
  hasChannel: boolean;
  isOwnChatLinked: boolean;
  /** After a save: the scheduler starts a new post. */
  onSaved: () => void;
  onCancelEdit: () => void;
};

/**
 * A post to the channel and (or) the bot's subscribers: Telegram HTML with a toolbar and a live
 * preview, a picture, a link button, a Moscow time, a repeat, the targets. The preview parses the text
 * with the server's own parser, so an error shows under the field before anything is sent.
 */
export function PostForm({ post, hasChannel, isOwnChatLinked, onSaved, onCancelEdit }: Props) {
  const create = useCreateTelegramPost();
  const update = useUpdateTelegramPost();
  const testSend = useTestTelegramPost();
  const startAt = post?.sendAtMoscow ?? nextFullHourMoscow();
  const form = useFormFields({
    text: post?.text ?? '',
    buttonText: post?.buttonText ?? '',
    buttonUrl: post?.buttonUrl ?? '',
    date: startAt.slice(0, 10),
    time: startAt.slice(11, 16),
    repeat: (post?.repeat ?? 'none') as string,
    repeatUntil: post?.repeatUntil ?? '',
  });
  const [pictureId, setPictureId] = useState<string | null>(post?.pictureId ?? null);
  const [targets, setTargets] = useState<Target[]>(
    post ? [...(post.toChannel ? ['channel' as const] : []), ...(post.toSubscribers ? ['subscribers' as const] : [])] : ['subscribers'],
  );
  const picture = usePictureSrc(pictureId);
  const { values, errors } = form;

  const content: TelegramPostContent = {
    text: values.text,
    pictureId,
    buttonText: values.buttonText.trim() || null,
    buttonUrl: values.buttonUrl.trim() || null,
  };
  const isRepeating = values.repeat !== 'none';
  const body = {
    ...content,
    // An unfinished date or time is left out, and the contract's schema asks for it.
    sendAt: values.date && values.time ? `${values.date}T${values.time}` : undefined,
    repeat: values.repeat as TelegramRepeat,
    repeatUntil: isRepeating && values.repeatUntil ? values.repeatUntil : null,
    toChannel: targets.includes('channel'),
    toSubscribers: targets.includes('subscribers'),
  };

  const save = useFormSubmit(form, {
    schema: telegramPostBodySchema,
    send: (request: TelegramPostBody) =>
      post ? update.mutateAsync({ params: { id: post.id }, body: request }) : create.mutateAsync({ body: request }),
    onSuccess: (saved) => {
      toast.success(post ? 'Изменения сохранены' : `Пост запланирован на ${formatDateTime(saved.sendAt)} (МСК)`);
      onSaved();
    },
    extraFields: nonTextFields,
  });
  const test = useFormSubmit(form, {
    schema: telegramPostContentSchema,
    send: (request: TelegramPostContent) => testSend.mutateAsync({ body: request }),
    onSuccess: ({ chatTitle }) => toast.success(`Пробный пост отправлен в ваш Telegram (${chatTitle})`),
    extraFields: nonTextFields,
  });

  function changeText(text: string) {
    form.set('text', text);
    // The message was about the text before this change; the parser speaks for the new one.
    if (errors.text) form.setErrors(({ text: _stale, ...rest }) => rest);
  }

  const parsed = parseTelegramHtml(values.text);
  const maxLength = pictureId ? TELEGRAM_CAPTION_MAX : TELEGRAM_TEXT_MAX;
  const textLength = parsed.ok ? parsed.textLength : 0;
  const textError = errors.text ?? (parsed.ok ? undefined : parsed.error);

  return (
    <Card withBorder radius="md" padding="lg">
      <form
        onSubmit={(event: FormEvent) => void save.submit(body as TelegramPostBody, event)}
        noValidate
        aria-label={post ? 'Изменение поста' : 'Новый пост'}
      >
        <Stack gap="md">
          <Title order={2} size="h4">
            {post ? 'Изменить пост' : 'Новый пост'}
          </Title>
          <FormError message={form.formError} />
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Stack gap="md">
                <PostTextField
                  value={values.text}
                  onChange={changeText}
                  error={textError}
                  lengthText={`${textLength} / ${maxLength}`}
                  isTooLong={textLength > maxLength}
                />
                <PostPictureField
                  pictureId={pictureId}
                  src={picture.src}
                  isLoadError={picture.isError}
                  error={errors.pictureId}
                  onChange={setPictureId}
                />
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <TextInput
                    label="Кнопка под постом"
                    placeholder="Например, Перейти в каталог"
                    description="Необязательно; нужны и надпись, и адрес"
                    {...form.text('buttonText')}
                  />
                  <TextInput label="Адрес кнопки" placeholder="https://…" inputMode="url" {...form.text('buttonUrl')} />
                </SimpleGrid>
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Stack gap={6}>
                <Text fw={500} size="sm">
                  Как увидят в Telegram
                </Text>
                <TelegramPostPreview
                  text={values.text}
                  pictureSrc={picture.src}
                  buttonText={values.buttonText}
                  buttonUrl={values.buttonUrl}
                  timeText={values.time}
                />
              </Stack>
            </Grid.Col>
          </Grid>

          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
            <DateInput
              label="Дата отправки"
              withAsterisk
              valueFormat="DD.MM.YYYY"
              dateParser={parseTypedDay}
              placeholder="ДД.ММ.ГГГГ"
              minDate={moscowToday()}
              value={values.date || null}
              onChange={(day) => form.set('date', day ?? '')}
              error={errors.sendAt}
              leftSection={<IconCalendarEvent size={16} />}
            />
            {/* Mantine's own fields, not the browser's: 24 hours whatever the browser's language. */}
            <TimePicker
              label="Время, московское"
              withAsterisk
              format="24h"
              value={values.time}
              onChange={(time) => form.set('time', time.slice(0, 5))}
              error={Boolean(errors.sendAt)}
              name="time"
              hoursInputLabel="Часы"
              minutesInputLabel="Минуты"
              clearable={false}
            />
          </SimpleGrid>

          <Group gap="xl" align="flex-start">
            <Radio.Group
              label="Повтор"
              value={values.repeat}
              onChange={(repeat) => form.set('repeat', repeat)}
              error={errors.repeat}
              name="repeat"
            >
              <Group gap="md" mt="xs">
                {telegramRepeats.map((repeat) => (
                  <Radio key={repeat} value={repeat} label={telegramRepeatTitles[repeat]} />
                ))}
              </Group>
            </Radio.Group>
            {isRepeating && (
              <DateInput
                label="Повторять до"
                description="Последний день повторов; пусто — пока не отмените"
                valueFormat="DD.MM.YYYY"
                dateParser={parseTypedDay}
                placeholder="Пока не отмените"
                minDate={values.date || moscowToday()}
                value={values.repeatUntil || null}
                onChange={(day) => form.set('repeatUntil', day ?? '')}
                error={errors.repeatUntil}
                clearable
                w={240}
              />
            )}
          </Group>

          <Checkbox.Group
            label="Куда отправить"
            value={targets}
            onChange={(value) => setTargets(value as Target[])}
            error={errors.toSubscribers ?? errors.toChannel}
          >
            <Stack gap="xs" mt="xs">
              <Checkbox
                value="channel"
                label="В канал"
                description={hasChannel ? undefined : 'Канал магазина не настроен'}
                disabled={!hasChannel && !targets.includes('channel')}
              />
              <Checkbox value="subscribers" label="Подписчикам бота" description="Всем, кто подключил Telegram к аккаунту" />
            </Stack>
          </Checkbox.Group>

          <Stack gap={4}>
            <Group gap="sm">
              <Button type="submit" loading={save.isSubmitting} leftSection={<IconDeviceFloppy size={18} />}>
                {post ? 'Сохранить' : 'Запланировать'}
              </Button>
              <Button
                variant="default"
                leftSection={<IconSend size={18} />}
                loading={test.isSubmitting}
                disabled={!isOwnChatLinked}
                onClick={() => void test.submit(content)}
              >
                Отправить пробно себе
              </Button>
              {post && (
                <Button variant="subtle" color="gray" onClick={onCancelEdit}>
                  Не сохранять изменения
                </Button>
              )}
            </Group>
            {!isOwnChatLinked && (
              <Text size="xs" c="dimmed" data-testid="test-send-hint">
                {TEST_SEND_HINT}
              </Text>
            )}
          </Stack>
        </Stack>
      </form>
    </Card>
  );
}
