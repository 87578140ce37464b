export const siteKeys = {
  all: ['settings'] as const,
  publicSettings: () => [...siteKeys.all, 'public'] as const,
};
