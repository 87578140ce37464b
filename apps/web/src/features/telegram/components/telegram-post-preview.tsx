import { Text } from '@mantine/core';
import { parseTelegramHtml, type TelegramHtmlNode } from '@vmeste/contract';
import { IconExternalLink } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { decodeHref } from './telegram-html-editing';
import classes from './telegram-post-preview.module.css';

/** A spoiler stays blurred until it is clicked, as in Telegram. */
function Spoiler({ children }: { children: ReactNode }) {
  const [isShown, setShown] = useState(false);
  return (
    <span
      className={classes.spoiler}
      data-shown={isShown || undefined}
      data-testid="spoiler"
      role={isShown ? undefined : 'button'}
      tabIndex={isShown ? undefined : 0}
      title={isShown ? undefined : 'Скрытый текст: нажмите, чтобы показать'}
      onClick={() => setShown(true)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') setShown(true);
      }}
    >
      {children}
    </span>
  );
}

function renderNode(node: TelegramHtmlNode, key: number): ReactNode {
  if (node.type === 'text') return node.text;
  const children = renderNodes(node.children);
  switch (node.tag) {
    case 'b':
      return <strong key={key}>{children}</strong>;
    case 'i':
      return <em key={key}>{children}</em>;
    case 'u':
      return <u key={key}>{children}</u>;
    case 's':
      return <s key={key}>{children}</s>;
    case 'spoiler':
      return <Spoiler key={key}>{children}</Spoiler>;
    case 'a':
      return (
        <a key={key} className={classes.link} href={decodeHref(node.href ?? '')} target="_blank" rel="noopener noreferrer">
          {children}
        </a>
      );
    case 'code':
      return (
        <code key={key} className={classes.code}>
          {children}
        </code>
      );
    case 'pre':
      return (
        <pre key={key} className={classes.pre}>
          {children}
        </pre>
      );
    case 'blockquote':
      return (
        <blockquote key={key} className={classes.quote}>
          {children}
        </blockquote>
      );
  }
}

function renderNodes(nodes: TelegramHtmlNode[]): ReactNode[] {
  return nodes.map(renderNode);
}

/** The parsed text as React elements: the same tree the server sends, drawn the way Telegram draws it. */
export function TelegramHtml({ nodes }: { nodes: TelegramHtmlNode[] }) {
  return <>{renderNodes(nodes)}</>;
}

type Props = {
  /** The post's text in Telegram's HTML. */
  text: string;
  pictureSrc?: string | null;
  buttonText?: string;
  buttonUrl?: string;
  /** The time shown in the corner of the bubble, `18:30`. */
  timeText?: string;
};

/**
 * What a subscriber sees: a chat with the post's bubble (the picture above the text) and the link
 * button under it. Text Telegram would refuse is not drawn; the form says what is wrong under the field.
 */
export function TelegramPostPreview({ text, pictureSrc, buttonText = '', buttonUrl = '', timeText }: Props) {
  const parsed = parseTelegramHtml(text);
  const isEmpty = text.trim() === '';
  const hasButton = buttonText.trim() !== '';
  return (
    <div className={classes.chat} data-testid="post-preview" aria-label="Предпросмотр поста" role="figure">
      <div className={classes.message}>
        <div className={classes.bubble}>
          {pictureSrc && <img className={classes.picture} src={pictureSrc} alt="Картинка поста" />}
          <div className={classes.text} data-testid="post-preview-text">
            {timeText && <span className={classes.time}>{timeText}</span>}
            {!parsed.ok ? (
              <Text component="span" size="sm" c="red.8">
                Telegram не примет такой текст — что исправить, написано под полем
              </Text>
            ) : isEmpty ? (
              <span className={classes.empty}>Здесь появится текст поста</span>
            ) : (
              <TelegramHtml nodes={parsed.nodes} />
            )}
          </div>
        </div>
        {hasButton && (
          <a
            className={classes.button}
            href={/^https?:\/\//i.test(buttonUrl.trim()) ? buttonUrl.trim() : undefined}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="post-preview-button"
          >
            {buttonText.trim()}
            <IconExternalLink size={14} aria-hidden />
          </a>
        )}
      </div>
    </div>
  );
}
