import type { BonusService } from './bonus.service.js';

/**
 * The bonus area's part of the demo data (`src/seed/`), made through the same rules as the admin's
 * «Ручное начисление» and «Исключения»; nothing in the running shop calls it.
 */
export function createBonusDemo(service: BonusService) {
  return {
    /** A credit from the shop with a comment. */
    async credit(phone: string, amountKopecks: number, comment: string): Promise<void> {
      await service.manual({ phone, amountKopecks, comment }, null);
    },
    /** A client's own cashback percent. */
    customPercent: (phone: string, percent: number) => service.setCustomPercent(phone, percent),
  };
}
