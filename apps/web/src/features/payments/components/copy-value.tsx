import { ActionIcon, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

type Props = { label: string; value: string; copyValue?: string; isStrong?: boolean };

/** A requisite with its copy button, so nothing has to be retyped into the bank app. */
export function CopyValue({ label, value, copyValue = value, isStrong = false }: Props) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap={4} wrap="nowrap">
        <Text
          fw={isStrong ? 700 : 500}
          size={isStrong ? 'lg' : 'md'}
          style={{ fontVariantNumeric: 'tabular-nums', wordBreak: 'break-word' }}
        >
          {value}
        </Text>
        <CopyButton value={copyValue} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Скопировано' : 'Скопировать'} withArrow>
              <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} onClick={copy} aria-label={`Скопировать: ${label}`}>
                {copied ? <IconCheck size={18} /> : <IconCopy size={18} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}
