import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { decodeHref, linkAddressError, linkOpenTag, wrapSelection } from './telegram-html-editing';
import { TelegramPostPreview } from './telegram-post-preview';
import { renderInApp } from '../test/telegram-test-kit';

const previewText = () => screen.getByTestId('post-preview-text');

describe('TelegramPostPreview', () => {
  it('draws Telegram’s HTML as elements: bold, italic, a link, a spoiler, code and a quote', () => {
    renderInApp(
      <TelegramPostPreview
        text={
          '<b>Скидки</b> до <i>пятницы</i> в <a href="https://vmeste.example/?a=1&amp;b=2">каталоге</a>\n<tg-spoiler>секрет</tg-spoiler> <code>PROMO</code><blockquote>Цитата</blockquote> 5 &lt; 7'
        }
        buttonText="Смотреть"
        buttonUrl="https://vmeste.example/catalog"
        timeText="18:30"
      />,
    );
    const text = previewText();
    expect(within(text).getByText('Скидки').tagName).toBe('STRONG');
    expect(within(text).getByText('пятницы').tagName).toBe('EM');
    const link = within(text).getByRole('link', { name: 'каталоге' });
    // The attribute's entities are read back, as Telegram does.
    expect(link.getAttribute('href')).toBe('https://vmeste.example/?a=1&b=2');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(text).getByText('PROMO').tagName).toBe('CODE');
    expect(within(text).getByText('Цитата').tagName).toBe('BLOCKQUOTE');
    expect(text.textContent).toContain('5 < 7');
    expect(text.textContent).toContain('18:30');

    const spoiler = screen.getByTestId('spoiler');
    expect(spoiler.hasAttribute('data-shown')).toBe(false);
    fireEvent.click(spoiler);
    expect(spoiler.hasAttribute('data-shown')).toBe(true);

    const button = screen.getByTestId('post-preview-button');
    expect(button.textContent).toBe('Смотреть');
    expect(button.getAttribute('href')).toBe('https://vmeste.example/catalog');
    // Nothing is put in as raw HTML.
    expect(document.querySelector('tg-spoiler')).toBeNull();
  });

  it('draws nothing of a text Telegram would refuse, and says so', () => {
    renderInApp(<TelegramPostPreview text="<div>Привет</div>" />);
    expect(previewText().textContent).toContain('Telegram не примет такой текст');
    expect(screen.queryByText('Привет')).toBeNull();
  });

  it('shows the picture above the text and no button without a caption', () => {
    renderInApp(<TelegramPostPreview text="Текст" pictureSrc="blob:picture" buttonUrl="https://vmeste.example" />);
    expect(screen.getByRole('img', { name: 'Картинка поста' }).getAttribute('src')).toBe('blob:picture');
    expect(screen.queryByTestId('post-preview-button')).toBeNull();
  });

  it('says where the text will be while the field is empty', () => {
    renderInApp(<TelegramPostPreview text="  " />);
    expect(previewText().textContent).toBe('Здесь появится текст поста');
  });
});

describe('telegram HTML editing', () => {
  it('wraps the selection in tags and selects the same words inside them', () => {
    expect(wrapSelection('Скидки до пятницы', 0, 6, '<b>', '</b>')).toEqual({
      text: '<b>Скидки</b> до пятницы',
      selectionStart: 3,
      selectionEnd: 9,
    });
    // A selection made from right to left is the same selection.
    expect(wrapSelection('abc', 3, 1, '<i>', '</i>').text).toBe('a<i>bc</i>');
    expect(wrapSelection('abc', 3, 3, '<a href="x">', '</a>', 'x').text).toBe('abc<a href="x">x</a>');
  });

  it('escapes a link’s address for the attribute and reads it back', () => {
    expect(linkOpenTag(' https://vmeste.example/?a=1&b="2" ')).toBe('<a href="https://vmeste.example/?a=1&amp;b=&quot;2&quot;">');
    expect(decodeHref('https://vmeste.example/?a=1&amp;b=&quot;2&quot;')).toBe('https://vmeste.example/?a=1&b="2"');
    expect(linkAddressError('https://vmeste.example')).toBeNull();
    expect(linkAddressError('vmeste.example')).toBe('Адрес — ссылка, начинающаяся с https://');
    expect(linkAddressError(' ')).toBe('Укажите адрес ссылки');
  });
});
