import { Anchor, Drawer, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Props = {
  opened: boolean;
  onClose: () => void;
  links: { label: string; to: string }[];
  /** The account buttons, as the header shows them. */
  children: ReactNode;
};

/** The header's links and account buttons in a drawer, for narrow screens. */
export default function PublicMobileMenu({ opened, onClose, links, children }: Props) {
  return (
    <Drawer opened={opened} onClose={onClose} title={<Text fw={700}>Меню</Text>} hiddenFrom="md" size="xs" position="right">
      <Stack component="nav" aria-label="Мобильное меню" gap="md">
        {links.map((link) => (
          <Anchor key={link.label} component={Link} to={link.to} onClick={onClose} size="lg" underline="never">
            {link.label}
          </Anchor>
        ))}
        {children}
      </Stack>
    </Drawer>
  );
}
