export const cardsKeys = {
  all: ['cards'] as const,
  list: () => [...cardsKeys.all, 'list'] as const,
};
