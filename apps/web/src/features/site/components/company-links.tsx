import { Anchor, Text } from '@mantine/core';
import { usePublicSettings } from '../api/get-public-settings';

const DASH = '—';

/** The shop's e-mail as a mailto link; a dash until the settings arrive. */
export function EmailLink() {
  const email = usePublicSettings()?.companyEmail;
  return email ? <Anchor href={`mailto:${email}`}>{email}</Anchor> : <>{DASH}</>;
}

/** The shop's phone as a tel link; a dash until the settings arrive. */
export function PhoneLink() {
  const phone = usePublicSettings()?.companyPhone;
  return phone ? <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</Anchor> : <>{DASH}</>;
}

/** The Telegram bot as a link that opens it; a dash until the settings arrive. */
export function BotLink() {
  const bot = usePublicSettings()?.telegramBotUsername;
  return bot ? (
    <Anchor href={`https://t.me/${bot}`} target="_blank" rel="noopener noreferrer">
      @{bot}
    </Anchor>
  ) : (
    <>{DASH}</>
  );
}

/** «Электронная почта: …» and «Телефон: …», a line each: in the requisites and on «Контакты». */
export function EmailAndPhoneLines() {
  return (
    <>
      <Text>
        Электронная почта: <EmailLink />
      </Text>
      <Text>
        Телефон: <PhoneLink />
      </Text>
    </>
  );
}
