import type { Areas } from '../areas.js';

/**
 * The bonus programme's demo: Мария and Ольга start with welcome bonuses to spend at checkout, and
 * Анна has her own cashback percent on «Исключения».
 */
export async function seedDemoBonus(areas: Areas): Promise<void> {
  await areas.bonus.demo.credit('79000000004', 500_00, 'Приветственные бонусы');
  await areas.bonus.demo.credit('79161234501', 300_00, 'Приветственные бонусы');
  await areas.bonus.demo.customPercent('79261234502', 5);
}
