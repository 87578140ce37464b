import { Button, Group, Popover, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { TELEGRAM_ALLOWED_TAGS_HINT } from '@vmeste/contract';
import { IconBold, IconItalic, IconLink } from '@tabler/icons-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { type Edit, escapeForTelegram, linkAddressError, linkOpenTag, wrapSelection } from './telegram-html-editing';

type Props = {
  value: string;
  onChange: (value: string) => void;
  /** The parser's or the server's message about the text. */
  error?: string | undefined;
  /** `120 / 4096`: the text's length as Telegram counts it, against its limit. */
  lengthText: string;
  isTooLong: boolean;
};

/** The post's text in Telegram's HTML with a toolbar that wraps the selection in tags. */
export function PostTextField({ value, onChange, error, lengthText, isTooLong }: Props) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [isLinkOpen, setLinkOpen] = useState(false);
  const [address, setAddress] = useState('https://');
  const [addressError, setAddressError] = useState<string | null>(null);

  /** The selection a toolbar button acts on; a textarea keeps it while the button has the focus. */
  function selection(): { start: number; end: number } {
    const element = textarea.current;
    return element ? { start: element.selectionStart, end: element.selectionEnd } : { start: value.length, end: value.length };
  }

  function apply(edit: Edit) {
    onChange(edit.text);
    // The new value reaches the textarea on the next render; the selection is put back after it.
    setTimeout(() => {
      textarea.current?.focus();
      textarea.current?.setSelectionRange(edit.selectionStart, edit.selectionEnd);
    }, 0);
  }

  function wrap(open: string, close: string) {
    const { start, end } = selection();
    apply(wrapSelection(value, start, end, open, close));
  }

  function insertLink() {
    const problem = linkAddressError(address);
    if (problem) {
      setAddressError(problem);
      return;
    }
    const { start, end } = selection();
    apply(wrapSelection(value, start, end, linkOpenTag(address), '</a>', escapeForTelegram(address.trim())));
    setLinkOpen(false);
    setAddress('https://');
    setAddressError(null);
  }

  function onAddressKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // Enter would send the whole post form.
    event.preventDefault();
    insertLink();
  }

  const toolbar = (
    <Group justify="space-between" gap="xs" align="flex-end">
      <Group gap={4} role="toolbar" aria-label="Оформление текста">
        <Button size="compact-sm" variant="default" leftSection={<IconBold size={14} />} onClick={() => wrap('<b>', '</b>')}>
          Жирный
        </Button>
        <Button size="compact-sm" variant="default" leftSection={<IconItalic size={14} />} onClick={() => wrap('<i>', '</i>')}>
          Курсив
        </Button>
        <Popover opened={isLinkOpen} onChange={setLinkOpen} position="bottom-start" withArrow trapFocus shadow="md">
          <Popover.Target>
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconLink size={14} />}
              onClick={() => setLinkOpen((isOpen) => !isOpen)}
              aria-expanded={isLinkOpen}
            >
              Ссылка
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap="xs" w={280}>
              <TextInput
                label="Адрес ссылки"
                value={address}
                onChange={(event) => {
                  setAddress(event.currentTarget.value);
                  setAddressError(null);
                }}
                onKeyDown={onAddressKey}
                error={addressError}
                inputMode="url"
                data-autofocus
              />
              <Group justify="flex-end" gap="xs">
                <Button size="xs" variant="default" onClick={() => setLinkOpen(false)}>
                  Отмена
                </Button>
                <Button size="xs" onClick={insertLink}>
                  Вставить ссылку
                </Button>
              </Group>
            </Stack>
          </Popover.Dropdown>
        </Popover>
      </Group>
      <Text size="xs" c={isTooLong ? 'red.8' : 'dimmed'} data-testid="post-text-length">
        {lengthText}
      </Text>
    </Group>
  );

  return (
    <Textarea
      ref={textarea}
      label="Текст поста"
      description={`Оформление — HTML Telegram: ${TELEGRAM_ALLOWED_TAGS_HINT}. Знаки < > & пишутся как &lt; &gt; &amp;`}
      required
      autosize
      minRows={6}
      maxRows={18}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
      name="text"
      inputContainer={(input) => (
        <Stack gap={6} mt={4}>
          {toolbar}
          {input}
        </Stack>
      )}
    />
  );
}
